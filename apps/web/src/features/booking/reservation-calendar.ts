import { createEvent } from 'ics';
import { createTranslator, type Messages } from 'next-intl';
import { parsePanamaDateTime, type LocalDateTime } from '@rentacar/domain/dates';
import type { Locale } from '@/i18n/routing';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import type { ReservationSummary } from './reservation-summary';

// Typed as the Spanish catalogue: an English file missing a key fails the type check.
const MESSAGES: Record<Locale, Messages> = { es, en };

const PRODUCT_ID = '-//Rent a Car Panama//Storefront//EN';

function panamaInstant(at: LocalDateTime, what: string): number {
  const instant = parsePanamaDateTime(at);
  if (instant === null) throw new Error(`[calendar] ${what} date-time is not YYYY-MM-DDTHH:mm: ${at}`);
  return instant.getTime();
}

function place(branch: ReservationSummary['pickup']): string {
  return branch.address === undefined ? branch.branchName : `${branch.branchName}, ${branch.address}`;
}

/**
 * The reservation as an iCalendar file (METHOD:PUBLISH): one event from pickup to return, in UTC. The UID is
 * `<reservation number>@<site host>`, the host read from `manageUrl` (an address of the site), so that the file of a
 * changed or cancelled reservation replaces the event a calendar already holds instead of adding a second one.
 */
export function reservationIcs(summary: ReservationSummary): string {
  const t = createTranslator({ locale: summary.locale, messages: MESSAGES[summary.locale], namespace: 'email.calendar' });
  const number = summary.reservationNumber;
  const cancelled = summary.status === 'cancelled';
  const start = panamaInstant(summary.pickup.at, 'pickup');
  const end = panamaInstant(summary.return.at, 'return');
  // ics accepts an event that ends before it starts; calendars then show nothing or garbage.
  if (end <= start) throw new Error(`[calendar] reservation ${number} returns (${summary.return.at}) no later than its pickup (${summary.pickup.at})`);
  const { error, value } = createEvent({
    productId: PRODUCT_ID,
    method: 'PUBLISH',
    uid: `${number}@${new URL(summary.manageUrl).hostname}`,
    // Clients apply an update of an event they hold only when its sequence is higher; a cancellation is the one
    // update this file can tell apart without a revision counter in the summary.
    sequence: cancelled ? 1 : 0,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: t('title', { siteName: summary.siteName, car: summary.car.name, number }),
    location: place(summary.pickup),
    description: [
      t('reservation', { number }),
      t('pickup', { branch: place(summary.pickup) }),
      t('return', { branch: place(summary.return) }),
      t('manage', { url: summary.manageUrl }),
    ].join('\n'),
    url: summary.manageUrl,
  });
  if (error !== null || value === null) {
    throw new Error(`[calendar] could not build the .ics of reservation ${number}: ${error?.message ?? 'no output'}`, { cause: error });
  }
  return value;
}

/** The attachment's file name, e.g. `reserva-FF-7K3M9Q.ics`. */
export function reservationIcsFileName(reservationNumber: string): string {
  return `reserva-${reservationNumber}.ics`;
}
