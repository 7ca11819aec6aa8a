export { AgentHomePage } from './agent-home-page';
export { AgentReservationPage } from './agent-reservation-page';
export { CorporateLeadForm } from './corporate-lead-form';
