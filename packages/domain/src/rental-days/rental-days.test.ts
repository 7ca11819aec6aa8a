import { describe, expect, it } from 'vitest';
import { PROCESS_TIME_ZONES, withProcessTimeZone } from '../dates/process-time-zone.testing';
import { rentalDays, rentalDaysBetween } from './index';

// Panama wall-clock times; the expected day count follows from the elapsed hours in the comment.
const cases: Array<[string, string, string, number]> = [
  ['same time, zero length', '2025-06-16T10:00', '2025-06-16T10:00', 1],
  ['a few hours', '2025-06-16T10:00', '2025-06-16T18:30', 1],
  ['exactly 24 h', '2025-06-16T10:00', '2025-06-17T10:00', 1],
  ['24 h 30 min (grace)', '2025-06-16T10:00', '2025-06-17T10:30', 1],
  ['24 h 59 min (end of grace)', '2025-06-16T10:00', '2025-06-17T10:59', 1],
  ['25 h 00 min', '2025-06-16T10:00', '2025-06-17T11:00', 2],
  ['48 h 59 min', '2025-06-16T10:00', '2025-06-18T10:59', 2],
  ['49 h', '2025-06-16T10:00', '2025-06-18T11:00', 3],
  ['across midnight, 2 h', '2025-06-16T23:00', '2025-06-17T01:00', 1],
  ['across midnight, 24 h 30 min', '2025-06-16T23:30', '2025-06-18T00:00', 1],
  ['across midnight, 25 h', '2025-06-16T23:30', '2025-06-18T00:30', 2],
  ['month end (30 June → 1 July), 24 h', '2025-06-30T20:00', '2025-07-01T20:00', 1],
  ['February in a leap year, 28 Feb → 1 Mar = 48 h', '2024-02-28T09:00', '2024-03-01T09:00', 2],
  ['February in a common year, 28 Feb → 1 Mar = 24 h', '2025-02-28T09:00', '2025-03-01T09:00', 1],
  ['year end, 31 Dec 22:00 → 2 Jan 22:00 = 48 h', '2025-12-31T22:00', '2026-01-02T22:00', 2],
  ['year end, 31 Dec 23:30 → 1 Jan 23:30 + 59 min', '2025-12-31T23:30', '2026-01-02T00:29', 1],
  ['year end, 31 Dec 23:30 → 2 Jan 00:30 = 25 h', '2025-12-31T23:30', '2026-01-02T00:30', 2],
  ['a week', '2025-06-16T08:00', '2025-06-23T08:00', 7],
  ['a week and an hour', '2025-06-16T08:00', '2025-06-23T09:00', 8],
  ['30 days across March (no DST in Panama)', '2025-03-01T08:00', '2025-03-31T08:00', 30],
  ['30 days across November', '2025-10-20T08:00', '2025-11-19T08:00', 30],
];

describe('rentalDays', () => {
  it.each(cases)('%s', (_label, pickup, returnAt, expected) => {
    expect(rentalDaysBetween(pickup, returnAt)).toBe(expected);
  });

  it.each(PROCESS_TIME_ZONES)('gives the same counts with the process in %s', (zone) => {
    withProcessTimeZone(zone, () => {
      for (const [, pickup, returnAt, expected] of cases) {
        expect(rentalDaysBetween(pickup, returnAt)).toBe(expected);
      }
    });
  });

  it('counts instants whatever offset they were written with', () => {
    // 2025-12-31T23:30 in Panama is 2026-01-01T13:30 in Tokyo.
    expect(rentalDays(new Date('2026-01-01T13:30:00+09:00'), new Date('2026-01-02T05:30:00Z'))).toBe(2);
    expect(rentalDays(new Date('2026-01-01T13:30:00+09:00'), new Date('2026-01-02T05:29:00Z'))).toBe(1);
  });

  it.each<[number, string, number]>([
    [0, '2025-06-17T10:01', 2],
    [0, '2025-06-17T10:00', 1],
    [120, '2025-06-17T12:00', 1],
  ])('grace of %i minutes, return %s → %i days', (grace, returnAt, expected) => {
    expect(rentalDaysBetween('2025-06-16T10:00', returnAt, grace)).toBe(expected);
  });

  it.each<[string, string]>([
    ['2025-06-16T10:00', '2025-06-16T09:30'],
    ['2025-06-16T10:00', 'tomorrow'],
    ['bad', '2025-06-16T10:00'],
  ])('rejects %s → %s', (pickup, returnAt) => {
    expect(() => rentalDaysBetween(pickup, returnAt)).toThrow(RangeError);
  });

  it('rejects invalid Date objects', () => {
    expect(() => rentalDays(new Date('x'), new Date())).toThrow(RangeError);
  });
});
