import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@/i18n/routing';
import { sendAccountEmail } from '../../features/accounts/account-emails';
import { buildReservationConfirmation } from '../../features/reservations/confirmation-email';
import { buildCancellationEmail, buildChangeEmail } from '../../features/reservations/reservation-notices';
import { sampleReservationSummary } from '../../features/reservations/reservation-summary.testing';
import { sendLeadEmails } from '../../features/corporate/lead-emails';
import { sampleReceipt } from '../../features/counter/receipt-email.testing';
import { buildReturnReceipt } from '../../features/counter/receipt-email';
import { buildDataCopyEmail } from '../../features/manage-booking/data-copy-email';
import { buildPrecheckinConfirmation } from '../../features/precheckin/precheckin-email';
import { buildReminderEmail } from '../../features/reminders/reminder-email';
import type { MailMessage } from './mailer';

// Every kind of e-mail the storefront sends, built in both languages from sample data, held to what the layout
// promises in every mail client: a plain-text part, an HTML part of one 600 px column that loads nothing from elsewhere
// (its only addresses are links), and, for an e-mail about a reservation, its number and the manage-booking link at the
// foot of both parts. The e-mails a feature sends without a builder of their own are caught at the mailer.

const mailbox = vi.hoisted(() => ({ sent: [] as MailMessage[] }));
vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);
vi.mock('./mailer', () => ({
  sendMail: (message: MailMessage) => {
    mailbox.sent.push(message);
    return Promise.resolve({ messageId: `<test-${mailbox.sent.length}@example.com>` });
  },
}));

beforeEach(() => {
  mailbox.sent = [];
});

const NUMBER = 'FF-7K3M9Q';
const SITE = 'https://www.firefly.com.pa';
const manageUrl = (locale: Locale) => `${SITE}${locale === 'en' ? '/en' : ''}/mi-reserva?numero=${NUMBER}`;
const FOOTER = {
  es: { reservation: 'Reserva', manage: 'Ver, cambiar o cancelar tu reserva' },
  en: { reservation: 'Reservation', manage: 'View, change or cancel your booking' },
} as const;

type Mail = { subject: string; text: string; html: string };
type Kind = { name: string; aboutReservation: boolean; build: (locale: Locale) => Promise<Mail[]> };

/** The sample reservation (pickup Tue 1 Dec 2026 10:00 at Tocumen, return Sat 5 Dec 18:30 at Albrook) in `locale`. */
const summary = (locale: Locale, overrides: Parameters<typeof sampleReservationSummary>[0] = {}) => sampleReservationSummary({ locale, manageUrl: manageUrl(locale), ...overrides });

const KINDS: Kind[] = [
  { name: 'booking confirmation', aboutReservation: true, build: (locale) => Promise.resolve([buildReservationConfirmation(summary(locale))]) },
  { name: 'change', aboutReservation: true, build: (locale) => Promise.resolve([buildChangeEmail(summary(locale, { revision: 1 }), { kind: 'charged', amount: 3_000 })]) },
  {
    name: 'cancellation',
    aboutReservation: true,
    build: (locale) => Promise.resolve([buildCancellationEmail(summary(locale, { revision: 2, status: 'cancelled' }), { kind: 'refunded', amount: 21_505, method: 'card' })]),
  },
  { name: 'pre-check-in done', aboutReservation: true, build: async (locale) => [await buildPrecheckinConfirmation(summary(locale), 'ana.perez@example.com')] },
  {
    name: 'reminder before pickup',
    aboutReservation: true,
    build: (locale) =>
      Promise.resolve([
        buildReminderEmail({
          locale,
          siteName: 'Firefly',
          reservationNumber: NUMBER,
          firstName: 'Ana',
          pickupAt: '2026-12-01T10:00',
          branch: {
            name: 'Aeropuerto de Tocumen (PTY)',
            address: 'Av. Domingo Díaz, Tocumen, Panamá',
            phone: '+5072384000',
            mapUrl: 'https://www.google.com/maps/search/?api=1&query=9.07%2C-79.38',
            directions: 'Mostrador en la planta baja, frente a la salida 3.',
            openingHours: [{ days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }],
          },
          payment: { kind: 'counter' },
          precheckinUrl: `${SITE}${locale === 'en' ? '/en' : ''}/precheckin`,
          precheckinDone: false,
          manageUrl: manageUrl(locale),
          assistancePhone: '+5073021000',
        }),
      ]),
  },
  { name: 'return receipt', aboutReservation: true, build: (locale) => Promise.resolve([buildReturnReceipt(sampleReceipt(summary(locale)))]) },
  {
    name: 'copy of your data',
    aboutReservation: true,
    build: (locale) =>
      Promise.resolve([buildDataCopyEmail({ to: 'ana.perez@example.com', json: '{}', number: NUMBER, firstName: 'Ana', siteName: 'Firefly', locale, manageUrl: manageUrl(locale) })]),
  },
  {
    name: 'corporate lead (to the sender and to staff)',
    aboutReservation: false,
    build: async (locale) => {
      const lead = { company: 'Acme S.A.', contactName: 'Luis Pérez', email: 'luis@acme.example', phone: '+5076123456', fleetSize: '12', message: 'Diez autos\npor un año.' };
      await sendLeadEmails(lead, { locale, siteName: 'Firefly', staffAddress: 'ventas@firefly.example', sourcePage: `${SITE}/corporativo` });
      return mailbox.sent;
    },
  },
  ...(['password-reset', 'invitation', 'registration'] as const).map(
    (kind): Kind => ({
      name: `account e-mail: ${kind}`,
      aboutReservation: false,
      build: async (locale) => {
        await sendAccountEmail({ kind, to: 'agente@acme.example', url: `${SITE}${locale === 'en' ? '/en' : ''}/corporativo/restablecer?token=abc123` }, 'Firefly');
        return mailbox.sent;
      },
    }),
  ),
];

/** Every tag's attributes whose value is an address (http, https or protocol-relative), as `tag attribute`. */
function addressedAttributes(html: string): string[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)].flatMap(([, tag = '', attributes = '']) =>
    [...attributes.matchAll(/([a-z-:]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi)]
      .filter(([, , value = '']) => /^["']?\s*(https?:)?\/\//i.test(value))
      .map(([, name = '']) => `${tag.toLowerCase()} ${name.toLowerCase()}`),
  );
}

describe.each(KINDS)('the $name e-mail', ({ aboutReservation, build }) => {
  describe.each(['es', 'en'] as const)('in %s', (locale) => {
    it('has a plain-text part and an HTML part in the e-mail\'s language', async () => {
      const mails = await build(locale);
      expect(mails.length).toBeGreaterThan(0);
      for (const { subject, text, html } of mails) {
        expect(subject.trim()).not.toBe('');
        expect(text.trim().length).toBeGreaterThan(40);
        expect(text).not.toMatch(/<\/?(p|a|br|table|td|div|span)\b/i);
        expect(html).toMatch(/^<!doctype html>\n<html lang="(es|en)">/);
      }
    });

    it('is one column 600 px wide at most, styled inline, loading nothing from elsewhere: its only addresses are links', async () => {
      for (const { html } of await build(locale)) {
        expect(html).toMatch(/<table role="presentation" width="600"[^>]*style="width:100%;max-width:600px;/);
        for (const [, width] of html.matchAll(/width[:=]"?(\d+)/g)) expect(Number(width)).toBeLessThanOrEqual(600);
        expect(html).not.toMatch(/<style|<link|<script|<iframe|<object|<embed|@import|url\(/i);
        expect(html).not.toMatch(/\ssrc\s*=\s*(?!["']?cid:)/i);
        expect(addressedAttributes(html).filter((attribute) => attribute !== 'a href')).toEqual([]);
      }
    });

    it(aboutReservation ? 'closes with the reservation number and the manage-booking link prefilled with it, in both parts' : 'names no reservation at its foot', async () => {
      const words = FOOTER[locale];
      for (const { text, html } of await build(locale)) {
        const [, foot = ''] = text.split('\n--\n');
        if (aboutReservation) {
          expect(foot).toContain(`${words.reservation} ${NUMBER} · ${words.manage}: ${manageUrl(locale)}\n`);
          // The number kept on one line, so that a narrow screen does not break it at its hyphen.
          expect(html).toContain(`${words.reservation} <span style="white-space:nowrap;">${NUMBER}</span> · <a href="${manageUrl(locale)}"`);
          expect(html).toContain(`>${words.manage}</a>`);
        } else {
          expect(foot).not.toContain(words.manage);
          expect(html).not.toContain(words.manage);
        }
      }
    });
  });
});

describe('dates in the e-mails', () => {
  // The pages' phrasing (i18n, formatPanamaDateTimeForRenter): the short weekday, the date, then the time on
  // the 24-hour clock after a comma, in Panama time; never "10:00 a. m." nor "at 10:00 AM".
  const PHRASE = {
    es: { pickup: 'mar, 1 de diciembre de 2026, 10:00', return: 'sáb, 5 de diciembre de 2026, 18:30' },
    en: { pickup: 'Tue, December 1, 2026, 10:00', return: 'Sat, December 5, 2026, 18:30' },
  } as const;
  const TWELVE_HOUR = /\b[ap]\.\s?m\.|\b[AP]M\b|\d at \d/;
  const dated = KINDS.filter(({ name }) => ['booking confirmation', 'change', 'cancellation', 'pre-check-in done', 'reminder before pickup'].includes(name));

  it('covers every e-mail that says when', () => {
    expect(dated).toHaveLength(5);
  });

  describe.each(dated)('the $name e-mail', ({ name, build }) => {
    it.each(['es', 'en'] as const)('in %s writes the pickup (and the return) as the pages do', async (locale) => {
      for (const { subject, text, html } of await build(locale)) {
        for (const part of [text, html]) {
          expect(part).toContain(PHRASE[locale].pickup);
          if (['booking confirmation', 'change', 'cancellation'].includes(name)) expect(part).toContain(PHRASE[locale].return);
          expect(part).not.toMatch(TWELVE_HOUR);
        }
        expect(subject).not.toMatch(TWELVE_HOUR);
      }
    });
  });

  it('puts the pickup in the reminder\'s subject in the same words', async () => {
    const [spanish] = await KINDS.find(({ name }) => name === 'reminder before pickup')?.build('es') ?? [];
    const [english] = await KINDS.find(({ name }) => name === 'reminder before pickup')?.build('en') ?? [];
    expect(spanish?.subject).toBe(`Recordatorio de retiro: ${PHRASE.es.pickup} · reserva ${NUMBER} · Firefly`);
    expect(english?.subject).toBe(`Pick-up reminder: ${PHRASE.en.pickup} · reservation ${NUMBER} · Firefly`);
  });
});
