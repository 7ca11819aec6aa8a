/**
 * The corporate area: the agent's home and reservation pages, the contact form and its leads. Other code uses this
 * feature through this file only.
 */
export { AgentHomePage } from './agent-home-page';
export { AgentReservationPage } from './agent-reservation-page';
export { CorporateLeadForm } from './corporate-lead-form';
