/**
 * Sending e-mail (SMTP, or .eml files without it), the one layout every e-mail is rendered with (HTML and plain
 * text), and escaping text for HTML mail. Other code uses this feature through this file only.
 */
export { escapeHtml } from './html';
export { emailUrl, renderEmail } from './layout';
export type { EmailBlock, EmailDocument, EmailLink, InlineImage, RenderedEmail } from './layout';
export { sendMail, senderAddress } from './mailer';
export type { SentMail } from './mailer';
