// Bookings that cannot oversell the fleet (docs/content-model.md, "Booking endpoint"). A Directus bundle of:
//   - the endpoint `booking` (endpoint.js): POST/PATCH /booking/reservations check the stock of the car at the pickup
//     branch and write the reservation in the same transaction; GET /booking/availability counts what is left;
//     POST /booking/rate-limit is a fixed-window counter the storefront's server shares between its instances;
//     POST /booking/payments records a payment attempt or its new state exactly once (and pays the reservation when a
//     charge succeeds), POST /booking/holds/expire cancels prepaid reservations left unpaid past their hold (payments.js);
//     POST /booking/precheckin-documents and POST /booking/job-applications take one file, checked by its bytes, into a
//     private folder (documents.js, job-applications.js; the multipart reading they share is uploads.js);
//   - the hook `booking-rules` (hooks.js): one fleet_stock row per car and branch, and expired reservation drafts
//     removed every ten minutes;
//   - the hook `account-emails` (accounts.js): the corporate agents' password-reset, invitation and registration
//     e-mails handed to the storefront (POST {origin}/api/accounts/emails) instead of Directus' mailer;
//   - the hook `malformed-address` (malformed-address.js): 400 instead of Directus' 500 for a path whose % escapes
//     cannot be decoded.
// Plain ESM like relational-query-guard: Directus imports this file from EXTENSIONS_PATH, nothing is built.
import endpoint from './endpoint.js';
import hooks from './hooks.js';
import accountEmails from './accounts.js';
import malformedAddress from './malformed-address.js';

export default {
  endpoints: [{ name: 'booking', config: endpoint }],
  hooks: [{ name: 'booking-rules', config: hooks }, { name: 'account-emails', config: accountEmails }, { name: 'malformed-address', config: malformedAddress }],
  operations: [],
};
