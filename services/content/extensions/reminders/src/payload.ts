// What the storefront is handed for one reminder (POST {storefront}/api/content-callbacks/reminders): the reservation's values the
// e-mail shows, in the storefront's words. The storefront reads the branch (name, address, map, opening hours) from its
// own content and writes the e-mail; nothing here is formatted for a reader.
import { isPrecheckinDone } from '@rentacar/domain/reminders';
import { callbackPath } from '../../shared/schema';

/** The storefront's reminders callback, on the origin of the revalidate callback it already receives. */
export const REMINDERS_PATH = callbackPath('reminders');

/** The reservation's columns a reminder needs, as Directus answers them. */
export const REMINDER_FIELDS = [
  'id', 'reservation_number', 'brand', 'status', 'reservation_type', 'payment_type', 'language', 'pickup_branch', 'pickup_date',
  'client_name', 'client_email', 'date_created', 'reminder_sent_at', 'rental_status',
] as const;

export type ReminderRow = Partial<Record<(typeof REMINDER_FIELDS)[number], unknown>>;

export type PaymentKind = 'card' | 'paypal' | 'counter' | 'none';

export interface ReminderPayload {
  reservation_number: string;
  brand: string;
  language: 'es' | 'en';
  to: string;
  first_name: string;
  pickup_branch: number | string;
  /** Panama wall clock `YYYY-MM-DDTHH:mm`. */
  pickup_date: string;
  precheckin_done: boolean;
  /** How the booking was paid: online by card or PayPal, at the counter still to come, or settled otherwise (staff). */
  payment: PaymentKind;
  /** The card of the online payment, when the gateway told its brand and last digits. */
  card: { brand: string; last4: string } | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The way a booking was paid, as the e-mail's "what to bring" says it. */
export function paymentKind(row: Pick<ReminderRow, 'status' | 'payment_type'>): PaymentKind {
  if (row.status === 'paid') {
    if (row.payment_type === 'card') return 'card';
    if (row.payment_type === 'paypal') return 'paypal';
    return 'none';
  }
  return 'counter';
}

/**
 * The storefront's body for `row`, with its pre-check-in's status and the succeeded card charge (if any); or the reason
 * it cannot be written (no e-mail address, no branch, a pickup that cannot be read).
 */
export function reminderPayload(
  row: ReminderRow,
  { precheckinStatus, card }: { precheckinStatus: unknown; card: { card_brand?: unknown; card_last4?: unknown } | null },
): { payload: ReminderPayload } | { problem: string } {
  const number = text(row.reservation_number);
  const to = text(row.client_email);
  const pickup = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})/.exec(text(row.pickup_date))?.[1];
  const branch = row.pickup_branch;
  if (!number) return { problem: 'no reservation number' };
  if (!to.includes('@')) return { problem: 'no e-mail address' };
  if (!pickup) return { problem: 'no readable pickup date' };
  if (typeof branch !== 'number' && (typeof branch !== 'string' || !branch)) return { problem: 'no pickup branch' };
  const payment = paymentKind(row);
  const brand = text(card?.card_brand);
  const last4 = text(card?.card_last4);
  return {
    payload: {
      reservation_number: number,
      brand: text(row.brand),
      language: row.language === 'en-US' ? 'en' : 'es',
      to,
      first_name: text(row.client_name),
      pickup_branch: branch,
      pickup_date: pickup,
      precheckin_done: isPrecheckinDone(typeof precheckinStatus === 'string' ? precheckinStatus : null),
      payment,
      card: payment === 'card' && brand && /^\d{4}$/.test(last4) ? { brand, last4 } : null,
    },
  };
}
