import { describe, expect, it } from 'vitest';
import { formatContentDate } from './format-date';

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
