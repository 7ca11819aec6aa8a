/**
 * The reminder e-mail before pickup, which the content service's schedule asks for. Other code uses this feature
 * through this file only.
 */
export { buildReminderEmail } from './reminder-email';
export type { ReminderDetails, ReminderEmail, ReminderPayment } from './reminder-email';
export { reminderCallback } from './reminder-callback';
