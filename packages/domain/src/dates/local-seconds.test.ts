import { describe, expect, it } from 'vitest';
import { addMinutesToLocalDateTime, normalizeLocalDateTimeSeconds } from './index';

describe('wall-clock date-times to the second', () => {
  it('adds the seconds when they are left out and keeps them when given', () => {
    expect(normalizeLocalDateTimeSeconds('2030-01-31T15:00')).toBe('2030-01-31T15:00:00');
    expect(normalizeLocalDateTimeSeconds('2030-01-31T15:00:42')).toBe('2030-01-31T15:00:42');
  });

  it('refuses what is not a real day and time, or not a string', () => {
    for (const value of ['2030-02-30T10:00', '2030-01-31T24:00', '2030-01-31T10:60', '2030-01-31T10:00:60', '2030-01-31 10:00', '2030-01-31T10:00Z', '2030-01-31', '', 20300131]) {
      expect(normalizeLocalDateTimeSeconds(value)).toBeNull();
    }
  });

  it('moves by minutes across days, months and years', () => {
    expect(addMinutesToLocalDateTime('2030-12-31T23:00:00', 120)).toBe('2031-01-01T01:00:00');
    expect(addMinutesToLocalDateTime('2030-03-01T01:00:30', -120)).toBe('2030-02-28T23:00:30');
    expect(() => addMinutesToLocalDateTime('soon', 5)).toThrow(RangeError);
  });
});
