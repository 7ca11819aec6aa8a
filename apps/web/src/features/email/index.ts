/**
 * Sending e-mail (SMTP, or .eml files without it) and escaping text for HTML mail. Other code uses this feature
 * through this file only.
 */
export { escapeHtml } from './html';
export { sendMail } from './mailer';
export type { SentMail } from './mailer';
