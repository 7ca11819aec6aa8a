import 'server-only';
import { formatMoney } from '@rentacar/domain/money';
import type { EmailBlock, EmailDocument } from '@/shared/email';
import { displayPhone } from '@/features/branches';
import { formatPanamaDateTimeForRenter } from '@/i18n';
import type { Locale } from '@/i18n/routing';
import { serverTranslator } from '@/i18n/server-translator';
import type { ReservationSummary } from './reservation-summary';

/**
 * What the e-mails about one reservation share (the confirmation, a change, a cancellation): the renter's words in
 * the reservation's language, the facts of the rental, its bill, and the frame of the e-mail (greeting, signature,
 * the number and manage-booking link at its foot).
 */

// Not the request's translator: the e-mails are built after a booking, a payment or a change, where the renter's
// language is the reservation's, not necessarily the page's.
export function emailTranslator(locale: Locale) {
  return serverTranslator(locale, 'email');
}

type Translate = ReturnType<typeof emailTranslator>;

/** A branch with its date and time, the date as the pages write it ("mar, 1 de diciembre de 2026, 10:00"). */
function branchLines(branch: ReservationSummary['pickup'], locale: Locale, t: Translate): string[] {
  return [
    branch.branchName,
    ...(branch.address === undefined ? [] : [branch.address]),
    formatPanamaDateTimeForRenter(branch.at, locale),
    ...(branch.phone === undefined ? [] : [t('phone', { phone: displayPhone(branch.phone) })]),
  ];
}

/** The number, then the car, both branches with their dates, the days and the coverage. */
export function rentalBlocks(summary: ReservationSummary): EmailBlock[] {
  const t = emailTranslator(summary.locale);
  return [
    { kind: 'number', label: t('reservationNumber'), value: summary.reservationNumber },
    {
      kind: 'fields',
      rows: [
        { label: t('car'), lines: [summary.car.name] },
        { label: t('pickup'), lines: branchLines(summary.pickup, summary.locale, t) },
        { label: t('return'), lines: branchLines(summary.return, summary.locale, t) },
        { label: t('days'), lines: [t('dayCount', { days: summary.days })] },
        { label: t('coverage'), lines: [summary.coverageName] },
        // The meet & greet agent waits for this flight: the renter sees the one they gave.
        ...(summary.flightNumber ? [{ label: serverTranslator(summary.locale, 'deliveryFlight')('arrivalFlight'), lines: [summary.flightNumber] }] : []),
      ],
    },
  ];
}

/** The bill: every line and the total. */
export function billBlocks(summary: ReservationSummary): EmailBlock[] {
  const t = emailTranslator(summary.locale);
  const money = (cents: number) => formatMoney(cents, summary.locale);
  return [
    { kind: 'heading', text: t('priceDetails') },
    { kind: 'amounts', rows: summary.lines.map((line) => ({ label: line.label, amount: money(line.amount) })), total: { label: t('total'), amount: money(summary.total) } },
  ];
}

/** The manage-booking button, prefilled with the reservation's number. */
export function manageBlock(summary: ReservationSummary): EmailBlock {
  const t = emailTranslator(summary.locale);
  return { kind: 'button', intro: t('manageIntro'), link: { label: t('manageLink'), url: summary.manageUrl } };
}

/** An e-mail about the reservation: to its renter, in its language, its number and link at the foot. */
export function reservationDocument(summary: ReservationSummary, { subject, blocks, preheader }: { subject: string; blocks: EmailBlock[]; preheader?: string }): EmailDocument {
  const t = emailTranslator(summary.locale);
  return {
    locale: summary.locale,
    siteName: summary.siteName,
    subject,
    ...(preheader === undefined ? {} : { preheader }),
    greeting: t('greeting', { firstName: summary.client.firstName }),
    blocks,
    signature: t('signature', { siteName: summary.siteName }).split('\n'),
    reservation: { number: summary.reservationNumber, manageUrl: summary.manageUrl },
  };
}
