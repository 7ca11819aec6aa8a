import 'server-only';
import { renderEmail, sendMail, type SentMail } from '@/shared/email';
import { reservationSummary, type ReservationSummary } from '@/features/reservations';
import { formatPanamaDateTimeForRenter } from '@/i18n';
import type { Precheckin, SavedReservation } from '@/content';
import { serverTranslator } from '@/i18n/server-translator';
import { counterCodePng } from './counter-code';

const CODE_CID = 'counter-code@precheckin';

export type PrecheckinConfirmation = { to: string; subject: string; text: string; html: string; code: Buffer };

/** The email that confirms a completed pre-check-in: the number, the pickup, and the QR code to show at the counter. */
export async function buildPrecheckinConfirmation(summary: ReservationSummary, to: string): Promise<PrecheckinConfirmation> {
  const locale = summary.locale;
  // The renter's chosen language, not the page's: the email may be sent from a gateway's return or a webhook.
  const t = serverTranslator(locale, 'email');
  const siteName = summary.siteName;
  const number = summary.reservationNumber;
  const subject = t('precheckin.subject', { number, siteName });
  // Shown at the size it was drawn for (whole pixels a module), which the mail client is told.
  const code = await counterCodePng(number);
  const { html, text } = renderEmail({
    locale,
    siteName,
    subject,
    preheader: t('precheckin.intro'),
    greeting: t('greeting', { firstName: summary.client.firstName }),
    blocks: [
      { kind: 'text', text: t('precheckin.intro') },
      { kind: 'number', label: t('reservationNumber'), value: number, image: { cid: CODE_CID, alt: t('precheckin.codeAlt', { number }), width: code.size, height: code.size } },
      { kind: 'fields', rows: [{ label: t('pickup'), lines: [summary.pickup.branchName, formatPanamaDateTimeForRenter(summary.pickup.at, locale)] }] },
      { kind: 'text', text: t('precheckin.counter') },
    ],
    signature: t('signature', { siteName }).split('\n'),
    reservation: { number, manageUrl: summary.manageUrl },
  });
  return { to, subject, text, html, code: code.png };
}

/** Sends it to the contact address the renter chose (else the booking's), in the language they chose. */
export async function sendPrecheckinConfirmation(reservation: SavedReservation, precheckin: Precheckin): Promise<SentMail> {
  const locale = precheckin.preferences.language ?? reservation.locale;
  const summary = await reservationSummary(reservation, locale);
  const mail = await buildPrecheckinConfirmation(summary, precheckin.preferences.email ?? reservation.client.email);
  return sendMail({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: [{ filename: `precheckin-${summary.reservationNumber}.png`, content: mail.code, contentType: 'image/png', cid: CODE_CID }],
  });
}
