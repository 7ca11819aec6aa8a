import 'server-only';
import { createTranslator, type Messages } from 'next-intl';
import { PANAMA_TIME_ZONE, parsePanamaDateTime } from '@rentacar/domain/dates';
import { FORMAT_LOCALE, type Locale } from '@/i18n/routing';
import { escapeHtml, sendMail, type SentMail } from '@/features/email';
import { reservationSummary, type ReservationSummary } from '@/features/booking';
import type { Precheckin, SavedReservation } from '@/content';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { counterCodePng } from './counter-code';

// The renter's chosen language, not the page's: the email may be sent from a gateway's return or a webhook.
const MESSAGES: Record<Locale, Messages> = { es, en };
const CODE_CID = 'counter-code@precheckin';

export type PrecheckinConfirmation = { to: string; subject: string; text: string; html: string; code: Buffer };

function pickupWhen(at: string, locale: Locale): string {
  const instant = parsePanamaDateTime(at);
  if (instant === null) return at;
  return new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { dateStyle: 'full', timeStyle: 'short', timeZone: PANAMA_TIME_ZONE }).format(instant);
}

/** The email that confirms a completed pre-check-in: the number, the pickup, and the QR code to show at the counter. */
export async function buildPrecheckinConfirmation(summary: ReservationSummary, to: string): Promise<PrecheckinConfirmation> {
  const locale = summary.locale;
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'email' });
  const siteName = summary.siteName;
  const number = summary.reservationNumber;
  const subject = t('precheckin.subject', { number, siteName });
  const greeting = t('greeting', { firstName: summary.client.firstName });
  const intro = t('precheckin.intro');
  const pickup = `${summary.pickup.branchName} · ${pickupWhen(summary.pickup.at, locale)}`;
  const counter = t('precheckin.counter');
  const signature = t('signature', { siteName }).split('\n');
  const text = [greeting, '', intro, '', `${t('reservationNumber')}: ${number}`, `${t('pickup')}: ${pickup}`, '', counter, '', ...signature, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<tr><td style="padding:24px;">
<p style="margin:0 0 12px;font-size:16px;">${e(greeting)}</p>
<p style="margin:0 0 20px;font-size:14px;line-height:20px;">${e(intro)}</p>
<div style="margin:0 0 20px;padding:16px;border:2px solid #1f2937;border-radius:8px;text-align:center;">
<div style="font-size:13px;color:#6b7280;">${e(t('reservationNumber'))}</div>
<div style="font-size:28px;font-weight:bold;letter-spacing:2px;">${e(number)}</div>
<img src="cid:${CODE_CID}" width="200" height="200" alt="${e(t('precheckin.codeAlt', { number }))}" style="display:block;margin:12px auto 0;">
</div>
<p style="margin:0 0 8px;font-size:14px;"><strong>${e(t('pickup'))}:</strong> ${e(pickup)}</p>
<p style="margin:0 0 20px;font-size:14px;line-height:20px;">${e(counter)}</p>
<p style="margin:0;font-size:14px;">${signature.map(e).join('<br>')}</p>
</td></tr>
</table>
</body>
</html>
`;
  return { to, subject, text, html, code: await counterCodePng(number) };
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
