import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import { formatContentDate, formatPanamaDateTimeForRenter } from './format-date';

describe('formatContentDate', () => {
  it('keeps the calendar day in both languages', () => {
    expect(formatContentDate('2027-01-06', 'es')).toBe('6 de enero de 2027');
    expect(formatContentDate('2027-01-06', 'en')).toBe('January 6, 2027');
    expect(formatContentDate('2026-12-01T00:00:00', 'en')).toBe('December 1, 2026');
  });

  it('shows an unreadable date as it is rather than failing the page', () => {
    expect(formatContentDate('soon', 'es')).toBe('soon');
    expect(formatContentDate('2027-02-30', 'en')).toBe('2027-02-30');
  });
});

describe('a pickup or return as renters read it', () => {
  it('gives the day, then the time after a comma, on the 24-hour clock, in both languages', () => {
    expect(formatPanamaDateTimeForRenter('2026-12-04T10:00', 'es')).toBe('vie, 4 de diciembre de 2026, 10:00');
    expect(formatPanamaDateTimeForRenter('2026-12-04T10:00', 'en')).toBe('Fri, December 4, 2026, 10:00');
    expect(formatPanamaDateTimeForRenter('2026-12-07T18:30:00', 'en')).toBe('Mon, December 7, 2026, 18:30');
  });

  it('reads naturally with the branch after it: one "at" in English, one "en" in Spanish', () => {
    const at = { date: '2026-12-04T10:00', branch: 'Aeropuerto Internacional de Tocumen' };
    const phrase = (locale: 'es' | 'en') =>
      createTranslator({ locale, messages: locale === 'es' ? es : en, namespace: 'booking.summary' })('atBranch', {
        date: formatPanamaDateTimeForRenter(at.date, locale),
        branch: at.branch,
      });
    expect(phrase('en')).toBe('Fri, December 4, 2026, 10:00, at Aeropuerto Internacional de Tocumen');
    expect(phrase('es')).toBe('vie, 4 de diciembre de 2026, 10:00, en Aeropuerto Internacional de Tocumen');
    expect(phrase('en').match(/\bat\b/g)).toHaveLength(1);
  });

  it('keeps the Panama day and hour whatever the server clock, and shows an unreadable value as it is', () => {
    // 23:30 in Panama is already the next day in UTC.
    expect(formatPanamaDateTimeForRenter('2026-12-31T23:30', 'en')).toBe('Thu, December 31, 2026, 23:30');
    expect(formatPanamaDateTimeForRenter('tomorrow', 'es')).toBe('tomorrow');
  });
});
