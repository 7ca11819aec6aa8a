import 'server-only';
import { createTranslator, type Messages } from 'next-intl';
import { isRoundTheClock, parsePanamaDateTime, PANAMA_TIME_ZONE, weekdayOfLocalDate, weeklyHours, type LocalDateTime, type OpeningHours } from '@rentacar/domain/dates';
import { displayPhone } from '@/features/branches';
import { escapeHtml } from '@/features/email';
import { FORMAT_LOCALE, type Locale } from '@/i18n/routing';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';

// Loaded here rather than from a request: the reminder is written for the content service's schedule, in the
// booking's language. Typed as the Spanish catalogue.
const MESSAGES: Record<Locale, Messages> = { es, en };

/** How the booking was paid, which decides the card the renter brings. */
export type ReminderPayment = { kind: 'card'; card: { brand: string; last4: string } | null } | { kind: 'paypal' } | { kind: 'counter' } | { kind: 'none' };

/** Everything the reminder shows, as values: the e-mail words and formats them in `locale`. */
export type ReminderDetails = {
  locale: Locale;
  siteName: string;
  /** The brand's primary colour (#rgb or #rrggbb) for the header and buttons; a dark grey otherwise. */
  brandColor: string | undefined;
  reservationNumber: string;
  firstName: string;
  pickupAt: LocalDateTime;
  branch: {
    name: string;
    /** The address with its town and province. */
    address: string;
    phone: string | undefined;
    mapUrl: string;
    directions: string;
    openingHours: OpeningHours;
  };
  payment: ReminderPayment;
  /** Absolute URL of the pre-check-in, when the reminder asks for it (not done, and offered by the brand). */
  precheckinUrl: string | undefined;
  precheckinDone: boolean;
  /** Absolute URL of manage booking for this reservation. */
  manageUrl: string;
  assistancePhone: string | undefined;
};

export type ReminderEmail = { subject: string; text: string; html: string };

type Translate = ReturnType<typeof reminderTranslator>;

function reminderTranslator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'reminder' });
}

function pickupInstant(at: LocalDateTime): Date {
  const instant = parsePanamaDateTime(at);
  if (instant === null) throw new Error(`[mail] the pickup date-time is not YYYY-MM-DDTHH:mm: ${at}`);
  return instant;
}

/** A link that goes into an href: http(s) only. */
function linkUrl(value: string, what: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`[mail] the ${what} URL is not http(s): ${value}`);
  return url.href;
}

/** The branch's hours on the pickup's day, as the branches page writes them: `07:00–19:00`, `Abierto las 24 horas`. */
export function dayHours(hours: OpeningHours, pickupAt: LocalDateTime, t: Translate): string {
  const date = pickupAt.slice(0, 10);
  const day = weeklyHours(hours).find((entry) => entry.day === weekdayOfLocalDate(date));
  if (!day || day.ranges.length === 0) return t('closed');
  return day.ranges.map((range) => (isRoundTheClock(range) ? t('allDay') : `${range.open}–${range.close}`)).join(', ');
}

function bringList(payment: ReminderPayment, t: Translate): string[] {
  const card =
    payment.kind === 'card'
      ? payment.card
        ? t('bringCard', { card: t('cardEnding', { brand: payment.card.brand, last4: payment.card.last4 }) })
        : t('bringCardOnline')
      : payment.kind === 'counter'
        ? t('bringCounterCard')
        : undefined;
  return [t('bringLicence'), t('bringId'), ...(card === undefined ? [] : [card])];
}

/** What both versions show, worded and formatted in the booking's language. */
type Content = {
  locale: Locale;
  subject: string;
  color: string;
  siteName: string;
  greeting: string;
  intro: string;
  numberLabel: string;
  number: string;
  pickupLabel: string;
  pickup: string;
  branchLabel: string;
  branchLines: string[];
  mapLink: string;
  mapUrl: string;
  hoursLabel: string;
  hours: string;
  directionsLabel: string;
  directions: string;
  bringTitle: string;
  bring: string[];
  precheckin: { title: string; intro: string; link: string; url: string } | undefined;
  precheckinDone: string | undefined;
  manageIntro: string;
  manageLink: string;
  manageUrl: string;
  assistance: string | undefined;
  signature: string[];
};

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

function contentOf(details: ReminderDetails): Content {
  const { locale, siteName, reservationNumber: number, branch } = details;
  const t = reminderTranslator(locale);
  const instant = pickupInstant(details.pickupAt);
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { ...options, timeZone: PANAMA_TIME_ZONE }).format(instant);
  return {
    locale,
    subject: t('subject', { date: format({ weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }), number, siteName }),
    color: details.brandColor !== undefined && HEX_COLOR.test(details.brandColor) ? details.brandColor : '#1f2937',
    siteName,
    greeting: t('greeting', { firstName: details.firstName }),
    intro: t('intro', { branch: branch.name }),
    numberLabel: t('reservationNumber'),
    number,
    pickupLabel: t('pickup'),
    pickup: format({ dateStyle: 'full', timeStyle: 'short' }),
    branchLabel: t('branch'),
    branchLines: [branch.name, ...(branch.address ? [branch.address] : []), ...(branch.phone ? [t('phone', { phone: displayPhone(branch.phone) })] : [])],
    mapLink: t('mapLink'),
    mapUrl: linkUrl(branch.mapUrl, 'map'),
    hoursLabel: t('hours'),
    hours: dayHours(branch.openingHours, details.pickupAt, t),
    directionsLabel: t('directions'),
    directions: branch.directions.trim(),
    bringTitle: t('bringTitle'),
    bring: bringList(details.payment, t),
    precheckin:
      details.precheckinUrl === undefined
        ? undefined
        : { title: t('precheckinTitle'), intro: t('precheckinIntro'), link: t('precheckinLink'), url: linkUrl(details.precheckinUrl, 'pre-check-in') },
    precheckinDone: details.precheckinDone ? t('precheckinDone') : undefined,
    manageIntro: t('manageIntro', { number }),
    manageLink: t('manageLink'),
    manageUrl: linkUrl(details.manageUrl, 'manage-booking'),
    assistance: details.assistancePhone ? t('assistance', { phone: displayPhone(details.assistancePhone) }) : undefined,
    signature: t('signature', { siteName }).split('\n'),
  };
}

function renderText(content: Content): string {
  const [branchName = '', ...branchRest] = content.branchLines;
  return [
    content.greeting,
    '',
    content.intro,
    '',
    `${content.numberLabel}: ${content.number}`,
    '',
    `${content.pickupLabel}: ${content.pickup}`,
    `${content.branchLabel}: ${branchName}`,
    ...branchRest.map((line) => `  ${line}`),
    `  ${content.mapLink}: ${content.mapUrl}`,
    `${content.hoursLabel}: ${content.hours}`,
    ...(content.directions ? [`${content.directionsLabel}: ${content.directions}`] : []),
    '',
    content.bringTitle,
    ...content.bring.map((item) => `  - ${item}`),
    '',
    ...(content.precheckin ? [content.precheckin.title, content.precheckin.intro, content.precheckin.url, ''] : []),
    ...(content.precheckinDone ? [content.precheckinDone, ''] : []),
    content.manageIntro,
    content.manageUrl,
    '',
    ...(content.assistance ? [content.assistance, ''] : []),
    ...content.signature,
    '',
  ].join('\n');
}

// A single 600 px column of tables, every style inline, nothing loaded from elsewhere (mail clients drop <style>
// blocks and block remote files); it narrows to the screen on a phone.
const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f2937;';
const CELL = 'padding:6px 0;vertical-align:top;font-size:14px;line-height:20px;';
const LABEL_CELL = `${CELL}width:38%;padding-right:12px;color:#4b5563;`;

function button(url: string, label: string, color: string): string {
  const e = escapeHtml;
  return `<a href="${e(url)}" style="display:inline-block;padding:10px 16px;background:${color};color:#ffffff;text-decoration:none;border-radius:6px;font-size:14px;font-weight:bold;">${e(label)}</a>`;
}

function renderHtml(content: Content): string {
  const e = escapeHtml;
  const row = (label: string, value: string) => `<tr><td style="${LABEL_CELL}">${e(label)}</td><td style="${CELL}">${value}</td></tr>`;
  const rows = [
    row(content.pickupLabel, `<strong>${e(content.pickup)}</strong>`),
    row(
      content.branchLabel,
      `${content.branchLines.map(e).join('<br>')}<br><a href="${e(content.mapUrl)}" style="color:${content.color};font-weight:bold;">${e(content.mapLink)}</a>`,
    ),
    row(content.hoursLabel, e(content.hours)),
    ...(content.directions ? [row(content.directionsLabel, e(content.directions))] : []),
  ].join('\n');
  const precheckin = content.precheckin
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:20px 0 0;background:#eff6ff;border-radius:8px;">
<tr><td style="padding:16px;">
<h2 style="margin:0 0 6px;font-size:16px;">${e(content.precheckin.title)}</h2>
<p style="margin:0 0 12px;font-size:14px;line-height:20px;">${e(content.precheckin.intro)}</p>
${button(content.precheckin.url, content.precheckin.link, content.color)}
</td></tr>
</table>`
    : '';
  const precheckinDone = content.precheckinDone
    ? `<p style="margin:20px 0 0;padding:12px;background:#ecfdf5;border-radius:6px;font-size:14px;line-height:20px;">${e(content.precheckinDone)}</p>`
    : '';
  const assistance = content.assistance ? `<p style="margin:0 0 16px;font-size:14px;">${e(content.assistance)}</p>` : '';
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
<tr><td style="padding:16px 24px;background:${content.color};border-radius:8px 8px 0 0;color:#ffffff;font-size:18px;font-weight:bold;">${e(content.siteName)}</td></tr>
<tr><td style="padding:24px;">
<p style="margin:0 0 12px;font-size:16px;">${e(content.greeting)}</p>
<p style="margin:0 0 20px;font-size:14px;line-height:20px;">${e(content.intro)}</p>
<div style="margin:0 0 20px;padding:16px;border:2px solid ${content.color};border-radius:8px;text-align:center;">
<div style="font-size:13px;color:#4b5563;">${e(content.numberLabel)}</div>
<div style="font-size:28px;font-weight:bold;letter-spacing:2px;">${e(content.number)}</div>
</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${rows}
</table>
<h2 style="margin:20px 0 8px;font-size:16px;">${e(content.bringTitle)}</h2>
<ul style="margin:0;padding:0 0 0 20px;font-size:14px;line-height:22px;">
${content.bring.map((item) => `<li>${e(item)}</li>`).join('\n')}
</ul>
${precheckin}
${precheckinDone}
<p style="margin:24px 0 8px;font-size:14px;">${e(content.manageIntro).replace(e(content.number), `<span style="white-space:nowrap;">${e(content.number)}</span>`)}</p>
<p style="margin:0 0 20px;">${button(content.manageUrl, content.manageLink, content.color)}</p>
${assistance}
<p style="margin:0;font-size:14px;">${content.signature.map(e).join('<br>')}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The reminder before pickup, in the booking's language: its subject, plain-text part and HTML part. */
export function buildReminderEmail(details: ReminderDetails): ReminderEmail {
  const content = contentOf(details);
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
