import 'server-only';
import { createTranslator, type Messages } from 'next-intl';
import { PANAMA_TIME_ZONE, parsePanamaDateTime, type LocalDateTime } from '@rentacar/domain/dates';
import { formatMoney, type Cents } from '@rentacar/domain/money';
import { escapeHtml, sendMail, type SentMail } from '@/features/email';
import { displayPhone } from '@/features/branches';
import { FORMAT_LOCALE, type Locale } from '@/i18n/routing';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { reservationIcs, reservationIcsFileName } from './reservation-calendar';
import type { ReservationSummary } from './reservation-summary';

// Loaded here rather than from the request: the email is built in a route handler after a booking, where the
// renter's language is the reservation's, not necessarily the page's. Typed as the Spanish catalogue.
const MESSAGES: Record<Locale, Messages> = { es, en };

const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

export type ReservationConfirmation = {
  subject: string;
  text: string;
  html: string;
  /** The calendar file, attached as `reservationIcsFileName(number)`. */
  ics: string;
};

type Translate = ReturnType<typeof emailTranslator>;

function emailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'email' });
}

/** One labelled block of the summary: a label and one or more lines of value. */
type Field = { label: string; lines: string[] };

/** What both the text and the HTML version show, worded and formatted in the reservation's language. */
type Content = {
  locale: Locale;
  subject: string;
  greeting: string;
  intro: string;
  numberLabel: string;
  number: string;
  fields: Field[];
  priceTitle: string;
  prices: { label: string; amount: string }[];
  total: { label: string; amount: string };
  payment: string | undefined;
  manageIntro: string;
  manageLink: string;
  manageUrl: string;
  calendarNote: string;
  signature: string[];
};

function formatPanama(at: LocalDateTime, locale: Locale, what: string): string {
  const instant = parsePanamaDateTime(at);
  if (instant === null) throw new Error(`[mail] the ${what} date-time is not YYYY-MM-DDTHH:mm: ${at}`);
  return new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { dateStyle: 'full', timeStyle: 'short', timeZone: PANAMA_TIME_ZONE }).format(instant);
}

/** The manage-booking link, refused unless http(s): it goes into an href. */
function linkUrl(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`[mail] the manage-booking URL is not http(s): ${value}`);
  return url.href;
}

function branchLines(branch: ReservationSummary['pickup'], locale: Locale, what: string, t: Translate): string[] {
  return [
    branch.branchName,
    ...(branch.address === undefined ? [] : [branch.address]),
    formatPanama(branch.at, locale, what),
    ...(branch.phone === undefined ? [] : [t('phone', { phone: displayPhone(branch.phone) })]),
  ];
}

function paymentNote(summary: ReservationSummary, t: Translate, money: (cents: Cents) => string): string | undefined {
  if (summary.status === 'cancelled') return undefined;
  if (summary.status === 'paid') {
    if (summary.paymentType === 'card') return t('paidCard');
    if (summary.paymentType === 'paypal') return t('paidPaypal');
    return undefined;
  }
  // Unpaid: a postpaid reservation is paid at the counter; a prepaid one still has to be paid online.
  return summary.reservationType === 'postpaid' ? t('dueAtCounter', { amount: money(summary.total) }) : t('paymentPending');
}

function contentOf(summary: ReservationSummary): Content {
  const { locale, siteName, reservationNumber: number } = summary;
  const t = emailTranslator(locale);
  const money = (cents: Cents) => formatMoney(cents, locale);
  const cancelled = summary.status === 'cancelled';
  return {
    locale,
    subject: cancelled ? t('subjectCancelled', { number, siteName }) : t('subject', { number, siteName }),
    greeting: t('greeting', { firstName: summary.client.firstName }),
    intro: cancelled ? t('introCancelled', { siteName }) : t('intro', { siteName }),
    numberLabel: t('reservationNumber'),
    number,
    fields: [
      { label: t('car'), lines: [summary.car.name] },
      { label: t('pickup'), lines: branchLines(summary.pickup, locale, 'pickup', t) },
      { label: t('return'), lines: branchLines(summary.return, locale, 'return', t) },
      { label: t('days'), lines: [t('dayCount', { days: summary.days })] },
      { label: t('coverage'), lines: [summary.coverageName] },
    ],
    priceTitle: t('priceDetails'),
    prices: summary.lines.map((line) => ({ label: line.label, amount: money(line.amount) })),
    total: { label: t('total'), amount: money(summary.total) },
    payment: paymentNote(summary, t, money),
    manageIntro: t('manageIntro'),
    manageLink: t('manageLink'),
    manageUrl: linkUrl(summary.manageUrl),
    calendarNote: t('calendarNote'),
    signature: t('signature', { siteName }).split('\n'),
  };
}

function renderText(content: Content): string {
  const fields = content.fields.flatMap(({ label, lines }) => {
    const [first = '', ...rest] = lines;
    return [`${label}: ${first}`, ...rest.map((line) => `  ${line}`)];
  });
  return [
    content.greeting,
    '',
    content.intro,
    '',
    `${content.numberLabel}: ${content.number}`,
    '',
    ...fields,
    '',
    content.priceTitle,
    ...content.prices.map(({ label, amount }) => `  ${label}: ${amount}`),
    `${content.total.label}: ${content.total.amount}`,
    ...(content.payment === undefined ? [] : ['', content.payment]),
    '',
    content.manageIntro,
    content.manageUrl,
    '',
    content.calendarNote,
    '',
    ...content.signature,
    '',
  ].join('\n');
}

// Mail clients drop <style> blocks and block remote files, so everything is inline and nothing is loaded.
const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f2937;';
const CELL = 'padding:6px 0;vertical-align:top;font-size:14px;line-height:20px;';
const LABEL_CELL = `${CELL}width:40%;color:#6b7280;`;
const AMOUNT_CELL = `${CELL}text-align:right;white-space:nowrap;`;

function renderHtml(content: Content): string {
  const e = escapeHtml;
  const fieldRows = content.fields
    .map(({ label, lines }) => `<tr><td style="${LABEL_CELL}">${e(label)}</td><td style="${CELL}">${lines.map(e).join('<br>')}</td></tr>`)
    .join('\n');
  const priceRows = content.prices
    .map(({ label, amount }) => `<tr><td style="${CELL}">${e(label)}</td><td style="${AMOUNT_CELL}">${e(amount)}</td></tr>`)
    .join('\n');
  const payment =
    content.payment === undefined
      ? ''
      : `<p style="margin:16px 0 0;padding:12px;background:#fef3c7;border-radius:6px;font-size:14px;">${e(content.payment)}</p>`;
  return `<!doctype html>
<html lang="${e(content.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
<tr><td style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;${FONT}">
<tr><td style="padding:24px;">
<p style="margin:0 0 12px;font-size:16px;">${e(content.greeting)}</p>
<p style="margin:0 0 20px;font-size:14px;line-height:20px;">${e(content.intro)}</p>
<div style="margin:0 0 20px;padding:16px;border:2px solid #1f2937;border-radius:8px;text-align:center;">
<div style="font-size:13px;color:#6b7280;">${e(content.numberLabel)}</div>
<div style="font-size:28px;font-weight:bold;letter-spacing:2px;">${e(content.number)}</div>
</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${fieldRows}
</table>
<h2 style="margin:20px 0 8px;font-size:16px;">${e(content.priceTitle)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${priceRows}
<tr><td style="${CELL}border-top:1px solid #d1d5db;font-weight:bold;">${e(content.total.label)}</td><td style="${AMOUNT_CELL}border-top:1px solid #d1d5db;font-weight:bold;">${e(content.total.amount)}</td></tr>
</table>
${payment}
<p style="margin:20px 0 8px;font-size:14px;">${e(content.manageIntro)}</p>
<p style="margin:0 0 20px;"><a href="${e(content.manageUrl)}" style="display:inline-block;padding:10px 16px;background:#1f2937;color:#ffffff;text-decoration:none;border-radius:6px;font-size:14px;">${e(content.manageLink)}</a></p>
<p style="margin:0 0 20px;font-size:13px;color:#6b7280;">${e(content.calendarNote)}</p>
<p style="margin:0;font-size:14px;">${content.signature.map(e).join('<br>')}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The confirmation email of a reservation, in its language, with its calendar file. */
export function buildReservationConfirmation(summary: ReservationSummary): ReservationConfirmation {
  const content = contentOf(summary);
  return { subject: content.subject, text: renderText(content), html: renderHtml(content), ics: reservationIcs(summary) };
}

/** Sends the confirmation email to the renter, the .ics attached. Rejects when it cannot be sent. */
export async function sendReservationConfirmation(summary: ReservationSummary): Promise<SentMail> {
  const { subject, text, html, ics } = buildReservationConfirmation(summary);
  return sendMail({
    to: summary.client.email,
    subject,
    text,
    html,
    attachments: [{ filename: reservationIcsFileName(summary.reservationNumber), content: ics, contentType: ICS_CONTENT_TYPE }],
  });
}
