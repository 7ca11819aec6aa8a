import 'server-only';
import { formatMoney } from '@rentacar/domain/money';
import { renderEmail, sendMail, type EmailBlock, type SentMail } from '@/shared/email';
import { hoursOnDate } from '@/features/branches';
import { formatContentDate } from '@/i18n';
import { serverTranslator } from '@/i18n/server-translator';
import { reservationIcs, reservationIcsContentType, reservationIcsFileName } from './reservation-calendar';
import { billBlocks, emailTranslator, manageBlock, rentalBlocks, reservationDocument } from './reservation-email';
import type { ReservationSummary } from './reservation-summary';

export type ReservationConfirmation = {
  subject: string;
  text: string;
  html: string;
  /** The calendar file, attached as `reservationIcsFileName(number)`. */
  ics: string;
};

/** How it is paid: by card or PayPal (settled, in green), at the counter, or still to pay online (to notice, in yellow). */
function paymentNote(summary: ReservationSummary): EmailBlock | undefined {
  const t = emailTranslator(summary.locale);
  if (summary.status === 'paid') {
    if (summary.paymentType === 'card') return { kind: 'text', text: t('paidCard'), tone: 'success' };
    if (summary.paymentType === 'paypal') return { kind: 'text', text: t('paidPaypal'), tone: 'success' };
    return undefined;
  }
  // Unpaid: a postpaid reservation is paid at the counter; a prepaid one still has to be paid online.
  const due = summary.reservationType === 'postpaid' ? t('dueAtCounter', { amount: formatMoney(summary.total, summary.locale) }) : t('paymentPending');
  return { kind: 'text', text: due, tone: 'highlight' };
}

/**
 * What to do before the pickup, in the thanks page's words (`nextSteps.*`): the pre-check-in while it is offered and
 * not done, what to bring, and the pickup branch's hours on the pickup day.
 */
function nextStepsBlocks(summary: ReservationSummary): EmailBlock[] {
  const t = serverTranslator(summary.locale, 'nextSteps');
  const pickupDate = summary.pickup.at.slice(0, 10);
  const blocks: EmailBlock[] = [{ kind: 'heading', text: t('title') }];
  if (summary.precheckinUrl !== undefined) {
    blocks.push({ kind: 'button', intro: `${t('precheckinTitle')}. ${t('precheckinIntro')}`, link: { label: t('precheckinLink'), url: summary.precheckinUrl } });
  }
  blocks.push({ kind: 'text', text: t('bringTitle') }, { kind: 'list', items: [t('bringLicence'), t('bringId'), t('bringCard')] });
  if (summary.pickupOpeningHours !== undefined) {
    const hours = hoursOnDate(summary.pickupOpeningHours, pickupDate, { closed: t('closed'), allDay: t('allDay') });
    blocks.push({ kind: 'fields', rows: [{ label: t('hoursTitle'), lines: [t('hours', { branch: summary.pickup.branchName, date: formatContentDate(pickupDate, summary.locale), hours })] }] });
  }
  return blocks;
}

/** The confirmation email of a reservation, in its language, with its calendar file. */
export function buildReservationConfirmation(summary: ReservationSummary): ReservationConfirmation {
  const t = emailTranslator(summary.locale);
  const { reservationNumber: number, siteName } = summary;
  const payment = paymentNote(summary);
  const subject = t('subject', { number, siteName });
  const blocks: EmailBlock[] = [
    { kind: 'text', text: t('intro', { siteName }) },
    ...rentalBlocks(summary),
    ...billBlocks(summary),
    ...(payment === undefined ? [] : [payment]),
    ...nextStepsBlocks(summary),
    manageBlock(summary),
    { kind: 'text', text: t('calendarNote'), tone: 'muted' },
  ];
  const { html, text } = renderEmail(reservationDocument(summary, { subject, blocks }));
  return { subject, text, html, ics: reservationIcs(summary) };
}

/** Sends the confirmation email to the renter, the .ics attached. Rejects when it cannot be sent. */
export async function sendReservationConfirmation(summary: ReservationSummary): Promise<SentMail> {
  const { subject, text, html, ics } = buildReservationConfirmation(summary);
  return sendMail({
    to: summary.client.email,
    subject,
    text,
    html,
    attachments: [{ filename: reservationIcsFileName(summary.reservationNumber), content: ics, contentType: reservationIcsContentType(summary) }],
  });
}
