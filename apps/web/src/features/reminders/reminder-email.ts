import 'server-only';
import { parsePanamaDateTime, type LocalDateTime, type OpeningHours } from '@rentacar/domain/dates';
import { displayPhone, hoursOnDate } from '@/features/branches';
import { renderEmail, type EmailBlock, type EmailDocument } from '@/shared/email';
import { formatPanamaDateTimeForRenter } from '@/i18n';
import type { Locale } from '@/i18n/routing';
import { serverTranslator } from '@/i18n/server-translator';

/** How the booking was paid, which decides the card the renter brings. */
export type ReminderPayment = { kind: 'card'; card: { brand: string; last4: string } | null } | { kind: 'paypal' } | { kind: 'counter' } | { kind: 'none' };

/** Everything the reminder shows, as values: the e-mail words and formats them in `locale`. */
export type ReminderDetails = {
  locale: Locale;
  siteName: string;
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

// Not the request's translator: the reminder is written for the content service's schedule, in the booking's language.
function reminderTranslator(locale: Locale) {
  return serverTranslator(locale, 'reminder');
}

/** The branch's hours on the pickup's day, as the branches page writes them: `07:00–19:00`, `Abierto las 24 horas`. */
export function dayHours(hours: OpeningHours, pickupAt: LocalDateTime, t: Translate): string {
  return hoursOnDate(hours, pickupAt.slice(0, 10), { closed: t('closed'), allDay: t('allDay') });
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

/** The reminder as one document of the shared layout: the same look, plain-text part and footer as every e-mail. */
function documentOf(details: ReminderDetails): EmailDocument {
  const { locale, siteName, reservationNumber: number, branch } = details;
  const t = reminderTranslator(locale);
  const pickup = formatPanamaDateTimeForRenter(details.pickupAt, locale);
  const directions = branch.directions.trim();
  const blocks: EmailBlock[] = [
    { kind: 'text', text: t('intro', { branch: branch.name }) },
    { kind: 'number', label: t('reservationNumber'), value: number },
    {
      kind: 'fields',
      rows: [
        { label: t('pickup'), lines: [pickup] },
        {
          label: t('branch'),
          lines: [branch.name, ...(branch.address ? [branch.address] : []), ...(branch.phone ? [t('phone', { phone: displayPhone(branch.phone) })] : [])],
          link: { label: t('mapLink'), url: branch.mapUrl },
        },
        { label: t('hours'), lines: [dayHours(branch.openingHours, details.pickupAt, t)] },
        ...(directions ? [{ label: t('directions'), lines: [directions] }] : []),
      ],
    },
    { kind: 'heading', text: t('bringTitle') },
    { kind: 'list', items: bringList(details.payment, t) },
    ...(details.precheckinUrl === undefined
      ? []
      : ([
          { kind: 'heading', text: t('precheckinTitle') },
          { kind: 'button', intro: t('precheckinIntro'), link: { label: t('precheckinLink'), url: details.precheckinUrl } },
        ] as const)),
    ...(details.precheckinDone ? [{ kind: 'text', text: t('precheckinDone') } as const] : []),
    { kind: 'button', intro: t('manageIntro', { number }), link: { label: t('manageLink'), url: details.manageUrl } },
    ...(details.assistancePhone ? [{ kind: 'text', text: t('assistance', { phone: displayPhone(details.assistancePhone) }) } as const] : []),
  ];
  return {
    locale,
    siteName,
    subject: t('subject', { date: pickup, number, siteName }),
    preheader: t('intro', { branch: branch.name }),
    greeting: t('greeting', { firstName: details.firstName }),
    blocks,
    signature: t('signature', { siteName }).split('\n'),
    reservation: { number, manageUrl: details.manageUrl },
  };
}

/** The reminder before pickup, in the booking's language: its subject, plain-text part and HTML part. */
export function buildReminderEmail(details: ReminderDetails): ReminderEmail {
  if (parsePanamaDateTime(details.pickupAt) === null) throw new Error(`[mail] the pickup date-time is not YYYY-MM-DDTHH:mm: ${details.pickupAt}`);
  const document = documentOf(details);
  return { subject: document.subject, ...renderEmail(document) };
}
