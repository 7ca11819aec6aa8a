import { describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatLocalTime, isAlwaysOpen, isOpenAt, openingStatusAt, type OpeningHours, type OpeningStatus } from './index';

// The seed's shapes: a town branch open on Sunday morning, one closed on Sunday, and an airport open round the clock.
const openSundayMorning: OpeningHours = [
  { days: [1, 2, 3, 4, 5], open: '07:00', close: '19:00' },
  { days: [6], open: '08:00', close: '16:00' },
  { days: [0], open: '09:00', close: '13:00' },
];
const closedSunday: OpeningHours = [
  { days: [1, 2, 3, 4, 5], open: '07:00', close: '19:00' },
  { days: [6], open: '08:00', close: '16:00' },
];
const allDay: OpeningHours = [{ days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }];
const fridayNight: OpeningHours = [{ days: [5], open: '22:00', close: '02:00' }];
const mondayMorning: OpeningHours = [{ days: [1], open: '08:00', close: '12:00' }];
const splitShift: OpeningHours = [
  { days: [1], open: '08:00', close: '12:00' },
  { days: [1], open: '14:00', close: '18:00' },
];
const allDayButSunday: OpeningHours = [{ days: [1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }];

const open = (closesAt: string | null): OpeningStatus => ({ open: true, closesAt });
const closed = (opensAt: string | null): OpeningStatus => ({ open: false, opensAt });

describe('whether a branch is open now, and until when', () => {
  // 2025-06-16 is a Monday, 2025-06-20 a Friday, 2025-06-21 a Saturday, 2025-06-22 a Sunday.
  it.each<[string, OpeningHours, string, OpeningStatus]>([
    ['closed on Sunday: opens Monday morning', closedSunday, '2025-06-22T10:00', closed('2025-06-23T07:00')],
    ['closed on Sunday, late Saturday: opens Monday', closedSunday, '2025-06-21T16:00', closed('2025-06-23T07:00')],
    ['open on Sunday morning', openSundayMorning, '2025-06-22T10:00', open('2025-06-22T13:00')],
    ['a minute before closing: still open', closedSunday, '2025-06-21T15:59', open('2025-06-21T16:00')],
    ['at closing time: closed', openSundayMorning, '2025-06-22T13:00', closed('2025-06-23T07:00')],
    ['a minute before opening: closed, opens today', closedSunday, '2025-06-16T06:59', closed('2025-06-16T07:00')],
    ['at opening time: open', closedSunday, '2025-06-16T07:00', open('2025-06-16T19:00')],
    ['round the clock, on a Sunday at midnight', allDay, '2025-06-22T00:00', open(null)],
    ['round the clock, late at night', allDay, '2025-06-21T23:59', open(null)],
    ['overnight, before midnight: closes the next day', fridayNight, '2025-06-20T23:00', open('2025-06-21T02:00')],
    ['overnight, after midnight', fridayNight, '2025-06-21T01:59', open('2025-06-21T02:00')],
    ['overnight, just closed: opens next Friday', fridayNight, '2025-06-21T02:00', closed('2025-06-27T22:00')],
    ['open one morning a week, just closed: opens a week later', mondayMorning, '2025-06-16T12:00', closed('2025-06-23T08:00')],
    ['between two shifts', splitShift, '2025-06-16T12:30', closed('2025-06-16T14:00')],
    ['24 hours six days: midnights do not close it, Sunday does', allDayButSunday, '2025-06-18T10:00', open('2025-06-22T00:00')],
    ['no hours at all', [], '2025-06-16T10:00', closed(null)],
  ])('%s', (_label, hours, at, expected) => {
    expect(openingStatusAt(hours, at)).toEqual(expected);
  });

  it('rejects a malformed moment', () => {
    expect(openingStatusAt(allDay, '2025-06-16 10:00')).toBeNull();
    expect(openingStatusAt(allDay, '2025-02-30T10:00')).toBeNull();
  });

  it('agrees with isOpenAt every quarter hour of a week', () => {
    for (const hours of [openSundayMorning, closedSunday, allDay, fridayNight, mondayMorning, splitShift, allDayButSunday]) {
      for (let day = 0; day < 7; day += 1) {
        const date = addDaysToLocalDate('2025-06-16', day);
        for (let minute = 0; minute < 24 * 60; minute += 15) {
          const at = `${date}T${formatLocalTime(minute)}`;
          expect(openingStatusAt(hours, at)?.open, at).toBe(isOpenAt(hours, at));
        }
      }
    }
  });
});

describe('branches open round the clock', () => {
  it.each<[string, OpeningHours, boolean]>([
    ['00:00 to 24:00 every day', allDay, true],
    ['equal bounds every day', [{ days: [0, 1, 2, 3, 4, 5, 6], open: '06:00', close: '06:00' }], true],
    [
      'two halves of every day',
      [
        { days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '12:00' },
        { days: [0, 1, 2, 3, 4, 5, 6], open: '12:00', close: '24:00' },
      ],
      true,
    ],
    ['24 hours but closed on Sunday', allDayButSunday, false],
    ['office hours', openSundayMorning, false],
    ['no hours', [], false],
  ])('%s: %s', (_label, hours, expected) => {
    expect(isAlwaysOpen(hours)).toBe(expected);
  });
});
