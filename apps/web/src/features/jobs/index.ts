/** Job offers: the application form. Other code uses this feature through this file only. */
export { JobApplicationForm } from './job-application-form';
