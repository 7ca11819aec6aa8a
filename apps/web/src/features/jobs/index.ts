export { JobApplicationForm } from './job-application-form';
