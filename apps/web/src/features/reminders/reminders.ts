import 'server-only';
import { z } from 'zod';
import { parsePanamaDateTime } from '@rentacar/domain/dates';
import { remindsOfPrecheckin } from '@rentacar/domain/reminders';
import { getBranches, loadAppData } from '@/content';
import { manageBookingUrl } from '@/features/reservations';
import { fullAddress, mapUrl } from '@/features/branches';
import { sendMail } from '@/shared/email';
import { PRECHECKIN_PATHS } from '@/features/precheckin';
import { getPathname } from '@/i18n/navigation';
import { serverEnv } from '@/lib/env';
import { logFor } from '@/lib/log';
import { buildReminderEmail, type ReminderDetails, type ReminderPayment } from './reminder-email';

const log = logFor('reminders');

/**
 * A reminder the content service hands over (its `reminders` extension: docs/booking-api.md, "Reminder before
 * pickup"): the reservation that is due, already claimed there so that it is sent once. The storefront writes it in
 * the booking's language with its own content (the branch, the brand's name and pre-check-in) and sends it.
 */
export const reminderRequestSchema = z.strictObject({
  reservation_number: z.string().trim().min(1).max(32),
  brand: z.string().max(32),
  language: z.enum(['es', 'en']),
  to: z.email().max(254),
  first_name: z.string().max(200),
  pickup_branch: z.union([z.number().int().positive(), z.string().min(1).max(64)]),
  pickup_date: z.string().refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && parsePanamaDateTime(value) !== null, 'must be a Panama date-time YYYY-MM-DDTHH:mm'),
  precheckin_done: z.boolean(),
  payment: z.enum(['card', 'paypal', 'counter', 'none']),
  card: z.strictObject({ brand: z.string().min(1).max(40), last4: z.string().regex(/^\d{4}$/) }).nullable(),
});
export type ReminderRequest = z.infer<typeof reminderRequestSchema>;

export type ReminderOutcome = { sent: true } | { sent: false; status: 409 | 422 | 502; error: string };

function paymentOf(request: ReminderRequest): ReminderPayment {
  if (request.payment === 'card') return { kind: 'card', card: request.card };
  return { kind: request.payment };
}

/** Writes and sends one reminder; refuses another brand's reservation and a branch this site does not show. */
export async function sendReminder(request: ReminderRequest): Promise<ReminderOutcome> {
  const { brand, siteUrl } = serverEnv();
  if (request.brand && request.brand !== brand) return { sent: false, status: 409, error: `This storefront serves the brand ${brand}, not ${request.brand}` };
  const [{ site }, branches] = await Promise.all([loadAppData(), getBranches(request.language)]);
  const branch = branches.find((candidate) => candidate.id === String(request.pickup_branch));
  if (!branch) return { sent: false, status: 422, error: `No published branch ${String(request.pickup_branch)}` };
  const locale = request.language;
  const askPrecheckin = remindsOfPrecheckin({ precheckinEnabled: site.precheckinEnabled, precheckinDone: request.precheckin_done });
  const details: ReminderDetails = {
    locale,
    siteName: site.siteName,
    reservationNumber: request.reservation_number,
    firstName: request.first_name,
    pickupAt: request.pickup_date,
    branch: {
      name: branch.name,
      address: fullAddress(branch),
      phone: branch.phone,
      mapUrl: mapUrl(branch),
      directions: branch.directions,
      openingHours: branch.openingHours,
    },
    payment: paymentOf(request),
    precheckinUrl: askPrecheckin ? new URL(getPathname({ href: PRECHECKIN_PATHS.start, locale }), siteUrl).href : undefined,
    precheckinDone: site.precheckinEnabled && request.precheckin_done,
    manageUrl: manageBookingUrl(request.reservation_number, locale),
    assistancePhone: site.assistance.phone,
  };
  const email = buildReminderEmail(details);
  try {
    await sendMail({ to: request.to, ...email });
  } catch (error) {
    log.error({ err: error }, `the reminder of reservation ${request.reservation_number} could not be sent`);
    return { sent: false, status: 502, error: 'The email could not be sent' };
  }
  return { sent: true };
}
