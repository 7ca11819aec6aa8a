import { createEvent } from 'ics';
import { parsePanamaDateTime, type LocalDateTime } from '@rentacar/domain/dates';
import { serverTranslator } from '@/i18n/server-translator';
import type { ReservationSummary } from './reservation-summary';

const PRODUCT_ID = '-//Rent a Car Panama//Storefront//EN';

function panamaInstant(at: LocalDateTime, what: string): number {
  const instant = parsePanamaDateTime(at);
  if (instant === null) throw new Error(`[calendar] ${what} date-time is not YYYY-MM-DDTHH:mm: ${at}`);
  return instant.getTime();
}

function place(branch: ReservationSummary['pickup']): string {
  return branch.address === undefined ? branch.branchName : `${branch.branchName}, ${branch.address}`;
}

/** Who sends the calendar file: the brand, from the storefront's sender address (a cancellation must name it). */
export type CalendarOrganizer = { name: string; email: string };

/**
 * The reservation as an iCalendar file: one event from pickup to return, in UTC. The UID is
 * `<reservation number>@<site host>`, the host read from `manageUrl` (an address of the site), and the SEQUENCE is the
 * reservation's revision, which the content service raises with every change of dates, branches or car and with a
 * cancellation: a calendar that holds the event replaces it with a file of a higher sequence (the change moves it)
 * instead of adding a second one. A cancelled reservation's file is `METHOD:CANCEL` with `STATUS:CANCELLED`, naming
 * the brand as organizer and the renter as attendee, as iTIP (RFC 5546) asks of a cancellation: it removes the event.
 */
export function reservationIcs(summary: ReservationSummary, organizer?: CalendarOrganizer): string {
  const t = serverTranslator(summary.locale, 'email.calendar');
  const number = summary.reservationNumber;
  const cancelled = summary.status === 'cancelled';
  const start = panamaInstant(summary.pickup.at, 'pickup');
  const end = panamaInstant(summary.return.at, 'return');
  // ics accepts an event that ends before it starts; calendars then show nothing or garbage.
  if (end <= start) throw new Error(`[calendar] reservation ${number} returns (${summary.return.at}) no later than its pickup (${summary.pickup.at})`);
  const { error, value } = createEvent({
    productId: PRODUCT_ID,
    method: calendarMethod(summary),
    uid: `${number}@${new URL(summary.manageUrl).hostname}`,
    sequence: summary.revision,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    ...(cancelled && organizer
      ? {
          organizer: { name: organizer.name, email: organizer.email },
          attendees: [{ name: `${summary.client.firstName} ${summary.client.lastName}`.trim(), email: summary.client.email, rsvp: false, role: 'REQ-PARTICIPANT' as const }],
        }
      : {}),
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

/** The iTIP method of the reservation's calendar file: CANCEL once cancelled, else PUBLISH. */
export function calendarMethod(summary: Pick<ReservationSummary, 'status'>): 'PUBLISH' | 'CANCEL' {
  return summary.status === 'cancelled' ? 'CANCEL' : 'PUBLISH';
}

/** The attachment's MIME type, its method as a parameter (as mail clients look for it). */
export function reservationIcsContentType(summary: Pick<ReservationSummary, 'status'>): string {
  return `text/calendar; charset=utf-8; method=${calendarMethod(summary)}`;
}

/** The attachment's file name, e.g. `reserva-FF-7K3M9Q.ics`. */
export function reservationIcsFileName(reservationNumber: string): string {
  return `reserva-${reservationNumber}.ics`;
}
