import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedReservation } from '@/content';
import type { ServerEnv } from '@/lib/env';
import { parseIcs } from '../../../test/calendar-file';
import { reservationIcs } from './reservation-calendar';
import { buildCancellationEmail, buildChangeEmail, describeCancellation, describeChange, moneyLines, organizerOf, sendReservationNotice } from './reservation-notices';
import { sampleReservationSummary } from './reservation-summary.testing';

const env = vi.hoisted(() => ({ mail: undefined as ServerEnv['mail'] | undefined }));
const claims = vi.hoisted(() => ({ claim: vi.fn<(id: string, revision: number) => Promise<boolean>>(), release: vi.fn<(id: string, revision: number) => Promise<void>>() }));
vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);
vi.mock('@/lib/env', () => ({
  serverEnv: () => {
    if (env.mail === undefined) throw new Error('test set no mail config');
    return { mail: env.mail };
  },
}));
vi.mock('@/content', () => ({ claimReservationNotice: claims.claim, releaseReservationNotice: claims.release }));

// Intl puts narrow no-break spaces in some dates and times ("10:00 AM"); compare with plain spaces.
const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');

/** The booking as confirmed (revision 0), then moved a day later (revision 1), then cancelled (revision 2). */
const booked = sampleReservationSummary();
const changed = sampleReservationSummary({ revision: 1, return: { ...booked.return, at: '2026-12-06T18:30' }, days: 6, total: 24_505 });
const cancelled = sampleReservationSummary({ revision: 2, status: 'cancelled', return: changed.return, days: 6, total: 24_505 });

describe('the e-mail of a change, in Spanish', () => {
  const mail = buildChangeEmail(changed, { kind: 'charged', amount: 3_000 });
  const text = plain(mail.text);
  const html = plain(mail.html);

  it('says the reservation was changed, with its new dates, bill and what was charged, in both parts', () => {
    expect(mail.subject).toBe('Tu reserva FF-7K3M9Q fue modificada · Firefly');
    for (const part of [text, html]) {
      expect(part).toContain('Hola, Ana:');
      expect(part).toContain('Tu reserva fue modificada. Estos son sus nuevos datos y el precio actualizado.');
      expect(part).toContain('dom, 6 de diciembre de 2026, 18:30');
      expect(part).toContain('$245.05');
      expect(part).toContain('Cobramos la diferencia, $30.00, a la tarjeta con la que pagaste.');
      expect(part).toContain('https://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q');
    }
    expect(text).toContain('Días de alquiler: 6 días');
    expect(html).toContain('<html lang="es">');
  });

  it('carries a calendar file that moves the event: same UID as the confirmation\'s, a higher SEQUENCE', () => {
    const before = parseIcs(reservationIcs(booked));
    const after = parseIcs(mail.ics);
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after).toMatchObject({ method: 'PUBLISH', status: 'CONFIRMED', end: '2026-12-06T23:30:00.000Z' });
  });
});

describe('the e-mail of a change, in English', () => {
  it('speaks English, and tells a refund by its method and when it arrives', () => {
    const mail = buildChangeEmail({ ...changed, locale: 'en' }, { kind: 'refunded', amount: 2_000, method: 'paypal' });
    const text = plain(mail.text);
    expect(mail.subject).toBe('Your reservation FF-7K3M9Q has been changed · Firefly');
    expect(text).toContain('Dear Ana,');
    expect(text).toContain('Return: Albrook Mall\n  Sun, December 6, 2026, 18:30\n');
    expect(text).toContain('We are refunding $20.00 to your PayPal account. It reaches your PayPal account within 15 business days.');
    expect(mail.html).toContain('<html lang="en">');
    expect(parseIcs(mail.ics).sequence).toBe(1);
  });
});

describe('the e-mail of a cancellation', () => {
  const organizer = { name: 'Firefly', email: 'reservas@firefly.example' };

  it('in Spanish: cancelled, the refund to the card and when it arrives, and a file that removes the event', () => {
    const mail = buildCancellationEmail(cancelled, { kind: 'refunded', amount: 24_505, method: 'card' }, organizer);
    expect(mail.subject).toBe('Tu reserva FF-7K3M9Q fue cancelada · Firefly');
    for (const part of [plain(mail.text), plain(mail.html)]) {
      expect(part).toContain('Tu reserva con Firefly fue cancelada.');
      expect(part).toContain('Te reembolsamos $245.05 a la tarjeta con la que pagaste. Llega a tu tarjeta en un plazo de hasta 15 días hábiles.');
      expect(part).toContain('FF-7K3M9Q');
    }
    const ics = parseIcs(mail.ics);
    expect(ics).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: parseIcs(reservationIcs(booked)).uid, sequence: 2 });
    expect(ics.sequence).toBeGreaterThan(parseIcs(buildChangeEmail(changed, { kind: 'unchanged' }).ics).sequence);
  });

  it('in English, for a booking paid at the counter: nothing to refund', () => {
    const mail = buildCancellationEmail({ ...cancelled, locale: 'en' }, { kind: 'nothingPaid' }, organizer);
    expect(mail.subject).toBe('Your reservation FF-7K3M9Q has been cancelled · Firefly');
    expect(mail.text).toContain('Nothing was charged online, so there is nothing to refund.');
    expect(mail.text).toContain('The attached calendar file (.ics) removes the event from your calendar.');
    expect(parseIcs(mail.ics).method).toBe('CANCEL');
  });

  it('refuses a reservation that is not cancelled', () => {
    expect(() => buildCancellationEmail(changed, { kind: 'nothingPaid' })).toThrow(/not cancelled/);
  });
});

describe('the money, in words', () => {
  it('says each outcome in both languages, a refund with its delay', () => {
    expect(moneyLines({ kind: 'refunded', amount: 1_000, method: 'card' }, 'es', 15)).toEqual(['Te reembolsamos $10.00 a la tarjeta con la que pagaste.', 'Llega a tu tarjeta en un plazo de hasta 15 días hábiles.']);
    expect(moneyLines({ kind: 'refunded', amount: 1_000, method: 'card' }, 'es', 1)).toEqual(['Te reembolsamos $10.00 a la tarjeta con la que pagaste.', 'Llega a tu tarjeta en un plazo de hasta 1 día hábil.']);
    expect(moneyLines({ kind: 'refunded', amount: 1_000, method: 'card' }, 'en', 10)).toEqual(['We are refunding $10.00 to the card you paid with.', 'It reaches your card within 10 business days.']);
    expect(moneyLines({ kind: 'dueAtCounter', amount: 500 }, 'es', 15)).toEqual(['Pagarás la diferencia, $5.00, en el mostrador al retirar el auto.']);
    expect(moneyLines({ kind: 'atCounter', amount: 500 }, 'en', 15)).toEqual(['You pay the total, $5.00, at the counter when you pick up the car.']);
    expect(moneyLines({ kind: 'unpaid', amount: 500 }, 'en', 15)).toEqual(['Your online payment of $5.00 is still pending.']);
    expect(moneyLines({ kind: 'unchanged' }, 'es', 15)).toEqual(['El precio no cambió: no cobramos ni reembolsamos nada.']);
    expect(moneyLines({ kind: 'noRefund', paid: 9_900 }, 'es', 15)).toEqual(['Según la política de cancelación, lo pagado ($99.00) no se reembolsa.']);
  });

  it('gives the page its message: the new dates and total, then the money, and a note once e-mailed', () => {
    expect(describeChange(changed, { kind: 'atCounter', amount: 24_505 }, true)).toEqual({
      title: 'Tu reserva fue modificada',
      lines: [
        'Retiro: mar, 1 de diciembre de 2026, 10:00 · Aeropuerto de Tocumen (PTY)',
        'Devolución: dom, 6 de diciembre de 2026, 18:30 · Albrook Mall',
        'Nuevo total: $245.05',
        'Pagas el total, $245.05, en el mostrador al retirar el auto.',
      ],
      note: 'Te enviamos los detalles por correo, con el archivo de calendario actualizado.',
    });
    expect(describeCancellation({ kind: 'refunded', amount: 100, method: 'paypal' }, 'en', 15, false)).toEqual({
      title: 'Your reservation was cancelled',
      lines: ['We are refunding $1.00 to your PayPal account.', 'It reaches your PayPal account within 15 business days.'],
    });
  });
});

describe('organizerOf', () => {
  it('reads the sender address, bare or named', () => {
    expect(organizerOf('Rent a Car <reservas@example.com>', 'Firefly')).toEqual({ name: 'Firefly', email: 'reservas@example.com' });
    expect(organizerOf('reservas@example.com', 'Firefly')).toEqual({ name: 'Firefly', email: 'reservas@example.com' });
    expect(organizerOf('nobody', 'Firefly')).toBeUndefined();
  });
});

describe('sendReservationNotice', () => {
  let dir: string;
  const saved = { id: '12.ref', number: 'FF-7K3M9Q', status: 'paid', revision: 1 } as SavedReservation;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'notice-outbox-'));
    env.mail = { smtp: undefined, from: 'Firefly <reservas@example.com>', outboxDir: dir };
    claims.claim.mockReset();
    claims.release.mockReset();
  });
  afterEach(async () => {
    env.mail = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const sent = async () => Promise.all((await readdir(dir)).map(async (file) => simpleParser(await readFile(path.join(dir, file)))));

  it('sends one e-mail per revision: the claim decides, a second call sends nothing', async () => {
    claims.claim.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    expect(await sendReservationNotice(saved, changed, { event: 'changed', money: { kind: 'unchanged' } })).toBe('sent');
    expect(await sendReservationNotice(saved, changed, { event: 'changed', money: { kind: 'unchanged' } })).toBe('sent-before');
    expect(claims.claim.mock.calls).toEqual([['12.ref', 1], ['12.ref', 1]]);
    const mails = await sent();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Tu reserva FF-7K3M9Q fue modificada · Firefly');
    expect(mail?.text).toContain('El precio no cambió');
    expect(mail?.html).toContain('El precio no cambió');
    const calendar = mail?.attachments.find((attachment) => attachment.contentType === 'text/calendar');
    expect(calendar?.filename).toBe('reserva-FF-7K3M9Q.ics');
    expect(parseIcs(calendar?.content.toString('utf8') ?? '').sequence).toBe(1);
  });

  it('sends a cancellation with a METHOD:CANCEL calendar file from the sender', async () => {
    claims.claim.mockResolvedValueOnce(true);
    const result = await sendReservationNotice({ ...saved, status: 'cancelled', revision: 2 }, cancelled, { event: 'cancelled', money: { kind: 'nothingPaid' } });
    expect(result).toBe('sent');
    const [mail] = await sent();
    const calendar = mail?.attachments.find((attachment) => attachment.contentType === 'text/calendar');
    expect(calendar?.headers.get('content-type')).toMatchObject({ params: expect.objectContaining({ method: 'CANCEL' }) });
    expect(parseIcs(calendar?.content.toString('utf8') ?? '')).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2, organizer: 'mailto:reservas@example.com' });
  });

  it('gives the claim back when the e-mail cannot be sent, so that a later attempt may send it', async () => {
    claims.claim.mockResolvedValueOnce(true);
    claims.release.mockResolvedValueOnce(undefined);
    const broken = sampleReservationSummary({ ...changed, manageUrl: 'javascript:alert(1)' });
    expect(await sendReservationNotice(saved, broken, { event: 'changed', money: { kind: 'unchanged' } })).toBe('failed');
    expect(claims.release.mock.calls).toEqual([['12.ref', 1]]);
    expect(await sent()).toEqual([]);
  });
});
