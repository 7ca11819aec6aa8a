import { describe, expect, it } from 'vitest';
import { serverTranslator } from './server-translator';

describe('the server translator', () => {
  it('translates a namespace in the language asked, whatever the request', () => {
    expect(serverTranslator('es', 'booking.bill.lines')('car', { days: 3, rate: '$45.00' })).toBe('Auto: 3 días × $45.00');
    expect(serverTranslator('en', 'booking.bill.lines')('car', { days: 1, rate: '$45.00' })).toBe('Car: 1 day × $45.00');
    expect(serverTranslator('en', 'email.calendar')('reservation', { number: 'R-1' })).toBe('Reservation R-1');
  });

  it('translates the whole catalogue without a namespace', () => {
    expect(serverTranslator('en')('email.calendar.reservation', { number: 'R-1' })).toBe(serverTranslator('en', 'email.calendar')('reservation', { number: 'R-1' }));
  });

  it('is made once per language and namespace, so what it parsed is kept for the next caller', () => {
    expect(serverTranslator('es', 'booking.bill.lines')).toBe(serverTranslator('es', 'booking.bill.lines'));
    expect(serverTranslator('es')).toBe(serverTranslator('es'));
    expect(serverTranslator('en', 'booking.bill.lines')).not.toBe(serverTranslator('es', 'booking.bill.lines'));
    expect(serverTranslator('es', 'email.calendar')).not.toBe(serverTranslator('es', 'booking.bill.lines'));
    expect(serverTranslator('es')).not.toBe(serverTranslator('es', 'email.calendar'));
  });
});
