import { describe, expect, it } from 'vitest';
import { sampleReservationSummary } from '../reservations/reservation-summary.testing';
import { buildReturnReceipt } from './receipt-email';
import { sampleReceipt } from './receipt-email.testing';

const summary = (locale: 'es' | 'en') => sampleReservationSummary({ locale, manageUrl: `https://www.firefly.com.pa${locale === 'en' ? '/en' : ''}/mi-reserva?numero=FF-7K3M9Q` });

describe('the return receipt', () => {
  it('gives the final bill in Spanish: the rental, the charges line by line, the deposit and nothing due', () => {
    const mail = buildReturnReceipt(sampleReceipt(summary('es')));
    expect(mail.subject).toBe('Recibo de devolución · reserva FF-7K3M9Q · Firefly');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Combustible: 3 octavos de tanque a $5.00');
      expect(part).toContain('Devolución tardía: 2 horas a $10.00');
      expect(part).toContain('Depósito de garantía (efectivo)');
      expect(part).toContain('Depósito retenido para los cargos');
      expect(part).toContain('No tienes saldo pendiente.');
      expect(part).toContain('sáb, 5 de diciembre de 2026, 20:15');
    }
    expect(mail.text).toMatch(/Total de cargos: \$37\.45/);
    expect(mail.text).toMatch(/Recorrido: 556 km/);
  });

  it('says in English what is still due when nothing was collected', () => {
    const details = sampleReceipt(summary('en'), { deposit: null });
    const mail = buildReturnReceipt(details);
    expect(mail.subject).toBe('Return receipt · reservation FF-7K3M9Q · Firefly');
    expect(mail.text).toContain('Fuel: 3 eighths of a tank at $5.00');
    expect(mail.text).toContain('Balance due: $37.45, to pay at the counter.');
    expect(mail.text).not.toContain('deposit');
  });

  it('says there were no extra charges on a clean return', () => {
    const mail = buildReturnReceipt(sampleReceipt(summary('en'), { returnCharges: [], deposit: null }));
    expect(mail.text).toContain('No extra charges');
    expect(mail.text).toContain('You have nothing left to pay.');
  });
});
