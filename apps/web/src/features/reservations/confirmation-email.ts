import 'server-only';
import { formatMoney } from '@rentacar/domain/money';
import { renderEmail, sendMail, type EmailBlock, type SentMail } from '@/shared/email';
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

/** How it is paid: by card or PayPal, at the counter, or still to pay online. */
function paymentNote(summary: ReservationSummary): string | undefined {
  const t = emailTranslator(summary.locale);
  if (summary.status === 'paid') {
    if (summary.paymentType === 'card') return t('paidCard');
    if (summary.paymentType === 'paypal') return t('paidPaypal');
    return undefined;
  }
  // Unpaid: a postpaid reservation is paid at the counter; a prepaid one still has to be paid online.
  return summary.reservationType === 'postpaid' ? t('dueAtCounter', { amount: formatMoney(summary.total, summary.locale) }) : t('paymentPending');
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
    ...(payment === undefined ? [] : [{ kind: 'text', text: payment, tone: 'highlight' } as const]),
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
