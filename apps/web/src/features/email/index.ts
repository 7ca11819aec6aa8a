export { escapeHtml } from './html';
export { sendMail } from './mailer';
export type { SentMail } from './mailer';
