import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@rentacar/domain/money';
import type { ServerEnv } from '@/lib/env';
import { buildReservationConfirmation, sendReservationConfirmation } from './confirmation-email';
import { sampleReservationSummary } from './reservation-summary.testing';

const env = vi.hoisted(() => ({ mail: undefined as ServerEnv['mail'] | undefined }));
vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);
vi.mock('@/content', () => ({ loadAppData: () => Promise.resolve({ site: { siteName: 'Firefly' } }) }));
vi.mock('@/lib/env', () => ({
  serverEnv: () => {
    if (env.mail === undefined) throw new Error('test set no mail config');
    return { mail: env.mail };
  },
}));

const summary = sampleReservationSummary();

// Intl puts narrow no-break spaces in some dates and times ("10:00 AM"); compare with plain spaces.
const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');

describe('the confirmation of a meet & greet', () => {
  it.each([
    ['es', 'Vuelo de llegada: CM123'],
    ['en', 'Arrival flight: CM123'],
  ] as const)('names the arrival flight the renter gave, in %s', (locale, row) => {
    const lines = [{ code: 'delivery', label: locale === 'es' ? 'Meet & greet en Tocumen' : 'Meet & greet at Tocumen', amount: 1_500 }];
    const mail = buildReservationConfirmation(sampleReservationSummary({ locale, flightNumber: 'CM123', lines }));
    expect(plain(mail.text)).toContain(row);
    expect(plain(mail.html)).toContain('CM123');
  });

  it('has no flight row without one', () => {
    expect(plain(buildReservationConfirmation(summary).text)).not.toContain('Vuelo de llegada');
  });
});

describe('buildReservationConfirmation in Spanish', () => {
  const mail = buildReservationConfirmation(summary);
  const text = plain(mail.text);
  const html = plain(mail.html);

  it('has a Spanish subject with the reservation number', () => {
    expect(mail.subject).toBe('Confirmación de tu reserva FF-7K3M9Q · Firefly');
  });

  it('greets the renter by first name and uses the Spanish labels', () => {
    expect(text.startsWith('Hola, Ana:\n')).toBe(true);
    for (const label of ['Número de reserva: FF-7K3M9Q', 'Auto: Kia Picanto', 'Retiro: Aeropuerto de Tocumen (PTY)', 'Devolución: Albrook Mall']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('Días de alquiler: 5 días');
    expect(text).toContain('Cobertura: Cobertura básica (CDW)');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Hola, Ana:');
  });

  it('shows pickup and return in Panama time, with the branch address and phone', () => {
    expect(text).toContain('Retiro: Aeropuerto de Tocumen (PTY)\n  Av. Domingo Díaz, Tocumen\n  mar, 1 de diciembre de 2026, 10:00\n');
    expect(text).toContain('Devolución: Albrook Mall\n  sáb, 5 de diciembre de 2026, 18:30\n');
    expect(text).toContain('Av. Domingo Díaz, Tocumen');
    expect(text).toContain('Tel. +507 238-4000');
    expect(html).toContain('mar, 1 de diciembre de 2026, 10:00');
  });

  it('lists every line of the bill and the total, in both versions', () => {
    for (const line of summary.lines) {
      expect(text).toContain(`${line.label}: ${formatMoney(line.amount, 'es')}`);
      expect(html).toContain(line.label);
      expect(html).toContain(formatMoney(line.amount, 'es'));
    }
    expect(text).toContain('Total: $215.05');
    expect(html).toContain('$215.05');
  });

  it('says what is due at the counter for an unpaid postpaid reservation', () => {
    expect(text).toContain('A pagar en el mostrador al retirar el auto: $215.05');
    expect(html).toContain('A pagar en el mostrador al retirar el auto: $215.05');
  });

  it('links to manage booking', () => {
    expect(text).toContain('Para consultar, modificar o cancelar tu reserva:\nhttps://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q');
    expect(html).toContain('<a href="https://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q"');
    expect(html).toContain('Gestionar mi reserva</a>');
  });

  it('loads nothing from elsewhere: no images, stylesheets or fonts', () => {
    expect(html).not.toMatch(/<img|<link|<style|<script|@import|url\(|src=/i);
  });

  it('carries the calendar file of the reservation', () => {
    expect(mail.ics).toContain('BEGIN:VCALENDAR');
    expect(mail.ics).toContain('UID:FF-7K3M9Q@www.firefly.com.pa');
    expect(mail.ics).toContain('DTSTART:20261201T150000Z');
  });
});

describe('buildReservationConfirmation in English', () => {
  const mail = buildReservationConfirmation(sampleReservationSummary({ locale: 'en', days: 1 }));
  const text = plain(mail.text);

  it('has an English subject, greeting and labels', () => {
    expect(mail.subject).toBe('Your reservation FF-7K3M9Q is confirmed · Firefly');
    expect(text.startsWith('Dear Ana,\n')).toBe(true);
    for (const label of ['Reservation number: FF-7K3M9Q', 'Car: Kia Picanto', 'Pick-up: Aeropuerto de Tocumen (PTY)', 'Return: Albrook Mall', 'Rental days: 1 day']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('Pick-up: Aeropuerto de Tocumen (PTY)\n  Av. Domingo Díaz, Tocumen\n  Tue, December 1, 2026, 10:00\n');
    expect(text).toContain('Return: Albrook Mall\n  Sat, December 5, 2026, 18:30\n');
    expect(text).toContain('Due at the counter when you pick up the car: $215.05');
    expect(text).toContain('To view, change or cancel your reservation:\nhttps://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('Manage my booking</a>');
  });

  it('lists every line and the total', () => {
    for (const line of summary.lines) expect(text).toContain(`${line.label}: ${formatMoney(line.amount, 'en')}`);
    expect(text).toContain('Total: $215.05');
  });
});

describe('buildReservationConfirmation escaping', () => {
  it('escapes every value in the HTML: a renter named <script> stays text', () => {
    const mail = buildReservationConfirmation(
      sampleReservationSummary({
        client: { ...summary.client, firstName: '<script>alert("x")</script>' },
        car: { name: 'Kia & <b>Picanto</b>', classCode: undefined },
        pickup: { ...summary.pickup, branchName: `O'Neil "Sucursal"` },
        lines: [{ code: 'extra', label: '<img src=x onerror=alert(1)>', amount: 21_505 }],
      }),
    );
    expect(mail.html).toContain('Hola, &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;:');
    expect(mail.html).toContain('Kia &amp; &lt;b&gt;Picanto&lt;/b&gt;');
    expect(mail.html).toContain('O&#39;Neil &quot;Sucursal&quot;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toMatch(/<script|<b>|<img/);
    // The text version is plain text: it keeps the name as written.
    expect(mail.text).toContain('Hola, <script>alert("x")</script>:');
  });

  it('refuses a manage-booking URL that is not http(s)', () => {
    expect(() => buildReservationConfirmation(sampleReservationSummary({ manageUrl: 'javascript:alert(1)' }))).toThrow(/not http\(s\)/);
  });
});

describe('buildReservationConfirmation by payment and status', () => {
  it('says how a paid reservation was paid, and asks nothing at the counter', () => {
    const card = buildReservationConfirmation(sampleReservationSummary({ status: 'paid', paymentType: 'card', reservationType: 'prepaid' }));
    expect(card.text).toContain('Pagado con tarjeta');
    expect(card.text).not.toContain('mostrador');
    const paypal = buildReservationConfirmation(sampleReservationSummary({ status: 'paid', paymentType: 'paypal', locale: 'en' }));
    expect(paypal.text).toContain('Paid with PayPal');
    expect(paypal.text).not.toContain('counter');
  });

  it('reminds an unpaid prepaid reservation to pay online', () => {
    const mail = buildReservationConfirmation(sampleReservationSummary({ reservationType: 'prepaid' }));
    expect(mail.text).toContain('Tu pago aún está pendiente');
    expect(mail.text).not.toContain('mostrador');
  });
});

describe.each([
  { locale: 'es', title: 'Próximos pasos', bring: ['Tu licencia de conducir vigente', 'Tu pasaporte o tu cédula de identidad', 'Una tarjeta de crédito a nombre del conductor principal'], hours: 'Horario de la sucursal el día del retiro: Aeropuerto de Tocumen (PTY), 1 de diciembre de 2026: 06:00–22:00', link: 'Hacer el pre check-in', paid: 'Pagado con tarjeta', url: 'https://www.firefly.com.pa/precheckin' },
  { locale: 'en', title: 'Next steps', bring: ['Your valid driving licence', 'Your passport or national ID card', "A credit card in the main driver's name"], hours: "The branch's hours on the pickup day: Aeropuerto de Tocumen (PTY), December 1, 2026: 06:00–22:00", link: 'Do the pre-check-in', paid: 'Paid by card', url: 'https://www.firefly.com.pa/en/precheckin' },
] as const)('the confirmation’s next steps, in $locale', ({ locale, title, bring, hours, link, paid, url }) => {
  it('says what to bring and the pickup branch’s hours on the pickup day (a Tuesday: not the round-the-clock hours of the other days)', () => {
    const mail = buildReservationConfirmation(sampleReservationSummary({ locale }));
    const text = plain(mail.text);
    expect(text).toContain(`${title}\n`);
    for (const item of bring) expect(text).toContain(`  - ${item}`);
    expect(text).toContain(hours);
    expect(plain(mail.html)).toContain(hours.slice(hours.indexOf('Aeropuerto')));
    expect(text).not.toContain(link);
    expect(text).not.toContain(url);
  });

  it('links to the pre-check-in while it is to do (the brand offers it, the renter has not done it)', () => {
    const mail = buildReservationConfirmation(sampleReservationSummary({ locale, precheckinUrl: url }));
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain(`${link}</a>`);
  });

  it('shows a card payment as settled, in green, and money still due in yellow', () => {
    const settled = buildReservationConfirmation(sampleReservationSummary({ locale, status: 'paid', paymentType: 'card', reservationType: 'prepaid' })).html;
    expect(settled).toMatch(new RegExp(`background:#dcfce7;[^>]*>(?:<span[^>]*>[^<]*</span>)? ${paid}`));
    expect(settled).not.toContain('#fef3c7');
    const due = buildReservationConfirmation(sampleReservationSummary({ locale })).html;
    expect(due).toContain('#fef3c7');
    expect(due).not.toContain('#dcfce7');
  });

  it('leaves out the hours when the pickup branch is no longer shown', () => {
    expect(plain(buildReservationConfirmation(sampleReservationSummary({ locale, pickupOpeningHours: undefined })).text)).not.toContain(hours);
  });
});

describe('sendReservationConfirmation', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'confirmation-outbox-'));
    env.mail = { smtp: undefined, from: 'Firefly <reservas@example.com>', outboxDir: dir };
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    env.mail = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('sends it to the renter with the .ics attached as a published calendar', async () => {
    const sent = await sendReservationConfirmation(summary);
    const eml = await readFile(sent.file ?? '', 'utf8');
    expect(eml).toContain('To: ana.perez@example.com');
    // From the brand, its site config's name, at the MAIL_FROM address.
    expect(eml).toContain('From: Firefly Rent a Car <reservas@example.com>');
    expect(eml).toContain('Subject: =?UTF-8?Q?Confirmaci=C3=B3n_de_tu_reserva');
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH;?\s+name=reserva-FF-7K3M9Q\.ics/);
    expect(eml).toMatch(/Content-Disposition: attachment;\s+filename=reserva-FF-7K3M9Q\.ics/);
    expect(eml).toContain('Content-Type: text/html; charset=utf-8');
    expect(eml).toContain('Content-Type: text/plain; charset=utf-8');
  });
});
