import 'server-only';
import type { Cents } from '@rentacar/domain/money';
import { formatMoney } from '@rentacar/domain/money';
import type { PaymentMethod } from '@rentacar/domain/payments';
import { claimReservationNotice, releaseReservationNotice, type SavedReservation } from '@/content';
import { renderEmail, senderAddress, sendMail, type EmailBlock } from '@/shared/email';
import { formatPanamaDateTimeForRenter } from '@/i18n';
import type { Locale } from '@/i18n/routing';
import { serverTranslator } from '@/i18n/server-translator';
import { serverEnv } from '@/lib/env';
import { logFor } from '@/lib/log';
import { reservationIcs, reservationIcsContentType, reservationIcsFileName, type CalendarOrganizer } from './reservation-calendar';
import { billBlocks, emailTranslator, manageBlock, rentalBlocks, reservationDocument } from './reservation-email';
import type { ReservationSummary } from './reservation-summary';

const log = logFor('booking');

/**
 * What the renter is told after changing or cancelling a reservation, on the page and by e-mail, in the same words:
 * the new dates and bill, or the cancellation, and what happened to their money (charged, refunded by which method and
 * when it arrives, due at the counter). Each change and each cancellation is e-mailed once, keyed by the reservation's
 * revision (the content service claims it), with a calendar file of that revision as its SEQUENCE.
 */

/** What a change did to the renter's money. */
export type ChangeMoney =
  /** The extra, charged to the card the renter paid with. */
  | { kind: 'charged'; amount: Cents }
  /** Given back, by the way the renter paid. */
  | { kind: 'refunded'; amount: Cents; method: PaymentMethod }
  /** The extra of a PayPal payment, to pay at the counter (PayPal keeps no payment method for us). */
  | { kind: 'dueAtCounter'; amount: Cents }
  /** Nothing paid online, paid at the counter: the new total. */
  | { kind: 'atCounter'; amount: Cents }
  /** A prepaid reservation whose online payment is still to be made: the new total. */
  | { kind: 'unpaid'; amount: Cents }
  /** Paid online, and the new price is the same. */
  | { kind: 'unchanged' };

/** What a cancellation gives back. */
export type CancellationMoney =
  | { kind: 'refunded'; amount: Cents; method: PaymentMethod }
  /** Paid online, but the terms give nothing back (cancelled too late). */
  | { kind: 'noRefund'; paid: Cents }
  /** Nothing was paid online (a reservation paid at the counter). */
  | { kind: 'nothingPaid' };

export type MoneyNotice = ChangeMoney | CancellationMoney;

/** What happened to a reservation, with its money: what the page and the e-mail tell. */
export type ReservationNotice = { event: 'changed'; money: ChangeMoney } | { event: 'cancelled'; money: CancellationMoney };

function noticeTranslator(locale: Locale) {
  return serverTranslator(locale, 'reservationNotices');
}

/** The money in words: one sentence, and for a refund a second one saying when it arrives at the latest. */
export function moneyLines(money: MoneyNotice, locale: Locale, refundBusinessDays: number): string[] {
  const t = noticeTranslator(locale);
  const amount = (cents: Cents) => formatMoney(cents, locale);
  switch (money.kind) {
    case 'charged':
      return [t('money.charged', { amount: amount(money.amount) })];
    case 'refunded':
      return [t('money.refunded', { amount: amount(money.amount), method: money.method }), t('money.arrival', { method: money.method, days: refundBusinessDays })];
    case 'dueAtCounter':
      return [t('money.dueAtCounter', { amount: amount(money.amount) })];
    case 'atCounter':
      return [t('money.atCounter', { amount: amount(money.amount) })];
    case 'unpaid':
      return [t('money.unpaid', { amount: amount(money.amount) })];
    case 'unchanged':
      return [t('money.unchanged')];
    case 'noRefund':
      return [t('money.noRefund', { paid: amount(money.paid) })];
    case 'nothingPaid':
      return [t('money.nothingPaid')];
  }
}

/** A message for the page: its title, its lines, and (once the e-mail went out) a note saying so. */
export type NoticeMessage = { title: string; lines: string[]; note?: string };

/** The page's message after a change: its title, the new dates and total, and the money. */
export function describeChange(summary: ReservationSummary, money: ChangeMoney, mailed: boolean): NoticeMessage {
  const t = noticeTranslator(summary.locale);
  return {
    title: t('changedTitle'),
    lines: [
      t('pickup', { when: formatPanamaDateTimeForRenter(summary.pickup.at, summary.locale), branch: summary.pickup.branchName }),
      t('return', { when: formatPanamaDateTimeForRenter(summary.return.at, summary.locale), branch: summary.return.branchName }),
      t('newTotal', { amount: formatMoney(summary.total, summary.locale) }),
      ...moneyLines(money, summary.locale, summary.refundBusinessDays),
    ],
    ...(mailed ? { note: t('mailed') } : {}),
  };
}

/** The page's message after a cancellation: its title and what comes back. */
export function describeCancellation(money: CancellationMoney, locale: Locale, refundBusinessDays: number, mailed: boolean): NoticeMessage {
  const t = noticeTranslator(locale);
  return { title: t('cancelledTitle'), lines: moneyLines(money, locale, refundBusinessDays), ...(mailed ? { note: t('mailed') } : {}) };
}

export type ReservationNoticeEmail = { subject: string; text: string; html: string; ics: string };

/** The e-mail of a change: the new dates and bill, what happened to the money, and the calendar file that moves the event. */
export function buildChangeEmail(summary: ReservationSummary, money: ChangeMoney): ReservationNoticeEmail {
  const t = emailTranslator(summary.locale);
  const { reservationNumber: number, siteName } = summary;
  const subject = t('change.subject', { number, siteName });
  const blocks: EmailBlock[] = [
    { kind: 'text', text: t('change.intro') },
    ...rentalBlocks(summary),
    ...billBlocks(summary),
    { kind: 'heading', text: t('change.moneyTitle') },
    { kind: 'text', text: moneyLines(money, summary.locale, summary.refundBusinessDays).join(' '), tone: 'highlight' },
    manageBlock(summary),
    { kind: 'text', text: t('change.calendarNote'), tone: 'muted' },
  ];
  const { html, text } = renderEmail(reservationDocument(summary, { subject, blocks, preheader: t('change.intro') }));
  return { subject, text, html, ics: reservationIcs(summary) };
}

/** The e-mail of a cancellation: what was cancelled, the refund (amount, method, when), and the file that removes the event. */
export function buildCancellationEmail(summary: ReservationSummary, money: CancellationMoney, organizer?: CalendarOrganizer): ReservationNoticeEmail {
  if (summary.status !== 'cancelled') throw new Error(`[mail] reservation ${summary.reservationNumber} is not cancelled`);
  const t = emailTranslator(summary.locale);
  const { reservationNumber: number, siteName } = summary;
  const subject = t('subjectCancelled', { number, siteName });
  const blocks: EmailBlock[] = [
    { kind: 'text', text: t('introCancelled', { siteName }) },
    ...rentalBlocks(summary),
    { kind: 'heading', text: t('cancellation.refundTitle') },
    { kind: 'text', text: moneyLines(money, summary.locale, summary.refundBusinessDays).join(' '), tone: 'highlight' },
    { kind: 'text', text: t('cancellation.calendarNote'), tone: 'muted' },
  ];
  const { html, text } = renderEmail(reservationDocument(summary, { subject, blocks, preheader: moneyLines(money, summary.locale, summary.refundBusinessDays)[0] }));
  return { subject, text, html, ics: reservationIcs(summary, organizer) };
}

/** The storefront's sender (`Name <address>` or a bare address) as the calendar's organizer, named after the brand. */
export function organizerOf(from: string, siteName: string): CalendarOrganizer | undefined {
  const email = senderAddress(from);
  return email === undefined ? undefined : { name: siteName, email };
}

/** `sent`: this call sent it; `sent-before`: another call claimed it (a retry, a double submit); `failed`: not sent. */
export type NoticeDelivery = 'sent' | 'sent-before' | 'failed';

/**
 * E-mails the renter the change or cancellation that made `reservation` what it is now (the saved record, with its
 * new revision; `summary` is its summary in its language): once per revision, whoever asks. An e-mail that cannot be
 * sent is logged and its claim given back, so that the change itself stands and a later attempt may send it.
 */
export async function sendReservationNotice(reservation: SavedReservation, summary: ReservationSummary, notice: ReservationNotice): Promise<NoticeDelivery> {
  const what = `${reservation.number}: the ${notice.event === 'cancelled' ? 'cancellation' : 'change'} e-mail of revision ${reservation.revision}`;
  try {
    if (!(await claimReservationNotice(reservation.id, reservation.revision))) return 'sent-before';
  } catch (error) {
    log.error({ err: error }, `${what} could not be claimed`);
    return 'failed';
  }
  try {
    const mail =
      notice.event === 'cancelled'
        ? buildCancellationEmail(summary, notice.money, organizerOf(serverEnv().mail.from, summary.siteName))
        : buildChangeEmail(summary, notice.money);
    await sendMail({
      to: summary.client.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [{ filename: reservationIcsFileName(summary.reservationNumber), content: mail.ics, contentType: reservationIcsContentType(summary) }],
    });
    return 'sent';
  } catch (error) {
    log.error({ err: error }, `${what} could not be sent`);
    await releaseReservationNotice(reservation.id, reservation.revision).catch((releaseError: unknown) => {
      log.error({ err: releaseError }, `${what}: its claim could not be given back`);
    });
    return 'failed';
  }
}
