import { describe, expect, it } from 'vitest';
import {
  PANAMA_TIME_ZONE,
  addDaysToLocalDate,
  daySlots,
  formatPanamaDate,
  formatPanamaDateTime,
  formatPanamaTime,
  isBeforeDisabledUntil,
  isBookableSlot,
  isOnSlot,
  isOpenAt,
  isRoundTheClock,
  isSameDayNoticeOk,
  isSamePanamaDay,
  panamaUtcOffsetMinutes,
  panamaWallClock,
  splitLocalDateTime,
  openIntervals,
  parseLocalDate,
  parseLocalTime,
  parseOpeningHours,
  parsePanamaDate,
  parsePanamaDateTime,
  parsePanamaTimestamp,
  startOfPanamaDay,
  timeSlots,
  weekdayOfLocalDate,
  weeklyHours,
  type OpeningHours,
} from './index';
import { PROCESS_TIME_ZONES, withProcessTimeZone } from './process-time-zone.testing';

const utc = (iso: string): Date => new Date(iso);

describe('Panama local date-times', () => {
  it('uses the IANA zone', () => {
    expect(PANAMA_TIME_ZONE).toBe('America/Panama');
  });

  it('tells Panama\'s offset from UTC in minutes: UTC-5 all year, before 1970 too', () => {
    expect(panamaUtcOffsetMinutes(utc('2026-03-10T03:30:00Z'))).toBe(-300);
    expect(panamaUtcOffsetMinutes(utc('2026-07-01T12:00:00Z'))).toBe(-300);
    expect(panamaUtcOffsetMinutes(utc('1960-01-01T00:00:00Z'))).toBe(-300);
  });

  it('parses a string longer than a date-time as malformed, however often it is asked', () => {
    const long = `2025-03-10T09:30${' '.repeat(100)}`;
    expect(parsePanamaDateTime(long)).toBeNull();
    expect(parsePanamaDateTime(long)).toBeNull();
  });

  it.each<[string, string | null]>([
    ['2025-03-10T09:30', '2025-03-10T14:30:00.000Z'],
    ['2025-12-31T23:30', '2026-01-01T04:30:00.000Z'],
    ['2025-01-01T00:00', '2025-01-01T05:00:00.000Z'],
    ['2024-02-29T19:00', '2024-03-01T00:00:00.000Z'],
    ['2025-02-29T10:00', null],
    ['2025-13-01T10:00', null],
    ['2025-03-10T24:00', null],
    ['2025-03-10T09:60', null],
    ['2025-03-10 09:30', null],
    ['2025-03-10T9:30', null],
    ['2025-03-10', null],
    ['', null],
  ])('parsePanamaDateTime(%j) = %s', (input, expected) => {
    expect(parsePanamaDateTime(input)?.toISOString() ?? null).toBe(expected);
  });

  it.each<[string, string, string, string]>([
    ['2025-03-10T14:30:00.000Z', '2025-03-10T09:30', '2025-03-10', '09:30'],
    ['2026-01-01T04:59:00.000Z', '2025-12-31T23:59', '2025-12-31', '23:59'],
    ['2026-01-01T05:00:00.000Z', '2026-01-01T00:00', '2026-01-01', '00:00'],
  ])('formats %s as %s', (iso, dateTime, date, time) => {
    expect(formatPanamaDateTime(utc(iso))).toBe(dateTime);
    expect(formatPanamaDate(utc(iso))).toBe(date);
    expect(formatPanamaTime(utc(iso))).toBe(time);
  });

  it.each(PROCESS_TIME_ZONES)('round-trips and finds the day start with the process in %s', (zone) => {
    withProcessTimeZone(zone, () => {
      const instant = parsePanamaDateTime('2025-12-31T23:30');
      expect(instant?.toISOString()).toBe('2026-01-01T04:30:00.000Z');
      expect(instant && formatPanamaDateTime(instant)).toBe('2025-12-31T23:30');
      expect(instant && startOfPanamaDay(instant).toISOString()).toBe('2025-12-31T05:00:00.000Z');
      expect(panamaWallClock(utc('2026-01-01T04:30:00Z'))).toEqual({ date: '2025-12-31', time: '23:30' });
    });
  });

  it('answers an instant read before the same way, and a caller changing its answer changes nothing', () => {
    const first = panamaWallClock(utc('2026-03-10T15:45:00Z'));
    first.time = '00:00';
    expect(panamaWallClock(utc('2026-03-10T15:45:00Z'))).toEqual({ date: '2026-03-10', time: '10:45' });
    for (let minute = 0; minute < 3000; minute++) panamaWallClock(new Date(Date.UTC(2026, 0, 1, 5, minute)));
    expect(panamaWallClock(utc('2026-03-10T15:45:00Z'))).toEqual({ date: '2026-03-10', time: '10:45' });
    expect(panamaWallClock(new Date(Date.UTC(2026, 0, 1, 5, 2999)))).toEqual({ date: '2026-01-03', time: '01:59' });
  });

  it('splits a wall-clock date-time into its day and minutes, the same way when asked again', () => {
    expect(splitLocalDateTime('2026-03-10T10:45')).toEqual({ date: '2026-03-10', minutes: 645 });
    expect(splitLocalDateTime('2026-03-10T10:45')).toEqual({ date: '2026-03-10', minutes: 645 });
    expect(Object.isFrozen(splitLocalDateTime('2026-03-10T10:45'))).toBe(true);
    for (const bad of ['2026-03-10T24:00', '2026-02-30T10:00', '2026-03-10 10:45', '2026-03-10T10:45:00', '2026-3-10T10:45', '']) {
      expect(splitLocalDateTime(bad), bad).toBeNull();
      expect(splitLocalDateTime(bad), bad).toBeNull();
    }
  });

  it('reads the minute of an instant wherever in that minute it falls, also before 1908 when the offset had seconds', () => {
    expect(panamaWallClock(utc('2026-03-10T15:46:00.000Z'))).toEqual({ date: '2026-03-10', time: '10:46' });
    expect(panamaWallClock(utc('2026-03-10T15:46:59.999Z'))).toEqual({ date: '2026-03-10', time: '10:46' });
    expect(panamaWallClock(utc('2026-03-10T15:47:00.000Z'))).toEqual({ date: '2026-03-10', time: '10:47' });
    // Panama's local mean time was UTC−5:19:36: 12:00:10 was 06:40:34 and 12:00:50 was 06:41:14.
    expect(panamaWallClock(utc('1900-01-01T12:00:10Z'))).toEqual({ date: '1900-01-01', time: '06:40' });
    expect(panamaWallClock(utc('1900-01-01T12:00:50Z'))).toEqual({ date: '1900-01-01', time: '06:41' });
  });

  it.each<[string, string]>([
    ['2025-06-15T04:59:59.999Z', '2025-06-14T05:00:00.000Z'],
    ['2025-06-15T05:00:00.000Z', '2025-06-15T05:00:00.000Z'],
    ['2025-06-15T23:00:00.000Z', '2025-06-15T05:00:00.000Z'],
  ])('startOfPanamaDay(%s) = %s', (iso, expected) => {
    expect(startOfPanamaDay(utc(iso)).toISOString()).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['2025-06-15', '2025-06-15T05:00:00.000Z'],
    ['2025-06-15T08:00', '2025-06-15T13:00:00.000Z'],
    ['2025-06-15T08:00:30', '2025-06-15T13:00:30.000Z'],
    ['2025-06-15T08:00:30.5', '2025-06-15T13:00:30.500Z'],
    ['2025-06-15T08:00:00Z', '2025-06-15T08:00:00.000Z'],
    ['2025-06-15T08:00:00+02:00', '2025-06-15T06:00:00.000Z'],
    [' 2025-06-15 ', '2025-06-15T05:00:00.000Z'],
    ['2025-06-15T08:00:61', null],
    ['2025-06-31', null],
    ['yesterday', null],
  ])('parsePanamaTimestamp(%j) = %s', (input, expected) => {
    expect(parsePanamaTimestamp(input)?.toISOString() ?? null).toBe(expected);
  });

  it('parses a Panama date as the start of that day', () => {
    expect(parsePanamaDate('2025-06-15')?.toISOString()).toBe('2025-06-15T05:00:00.000Z');
    expect(parsePanamaDate('2025-6-15')).toBeNull();
  });

  it.each<[string, boolean]>([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-04-31', false],
    ['2025-04-30', true],
    ['2025-12-31', true],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-01-00', false],
    ['2000-02-29', true],
    ['2100-02-29', false],
    ['0999-01-01', false],
    ['2025-1-01', false],
  ])('parseLocalDate(%j) valid = %s', (input, valid) => {
    expect(parseLocalDate(input) !== null).toBe(valid);
  });

  it.each<[string, boolean, number | null]>([
    ['00:00', false, 0],
    ['23:59', false, 1439],
    ['24:00', false, null],
    ['24:00', true, 1440],
    ['24:30', true, null],
    ['7:00', false, null],
  ])('parseLocalTime(%j, endOfDay=%s) = %s', (input, endOfDay, expected) => {
    expect(parseLocalTime(input, endOfDay)).toBe(expected);
  });

  it.each<[string, number, string, number]>([
    ['2025-12-31', 1, '2026-01-01', 3],
    ['2024-02-28', 1, '2024-02-29', 3],
    ['2025-03-01', -1, '2025-02-28', 6],
    ['2025-06-15', 0, '2025-06-15', 0],
    ['1969-12-31', 1, '1970-01-01', 3],
    ['1900-01-01', 0, '1900-01-01', 1],
    ['2100-03-01', 0, '2100-03-01', 1],
  ])('%s + %i day = %s (weekday of start %i)', (date, days, expected, weekday) => {
    expect(addDaysToLocalDate(date, days)).toBe(expected);
    expect(weekdayOfLocalDate(date)).toBe(weekday);
  });

  it('rejects malformed dates in calendar arithmetic', () => {
    expect(() => addDaysToLocalDate('2025-02-30', 1)).toThrow(RangeError);
    expect(() => weekdayOfLocalDate('nope')).toThrow(RangeError);
  });

  it('compares Panama days, not UTC days', () => {
    // 04:30 and 05:30 UTC straddle Panama midnight; 05:30 and 04:30 UTC the next day are one Panama day.
    expect(isSamePanamaDay(utc('2025-06-15T04:30:00Z'), utc('2025-06-15T05:30:00Z'))).toBe(false);
    expect(isSamePanamaDay(utc('2025-06-15T05:30:00Z'), utc('2025-06-16T04:30:00Z'))).toBe(true);
  });
});

const weekdaysAndWeekend: OpeningHours = [
  { days: [1, 2, 3, 4, 5], open: '06:00', close: '22:00' },
  { days: [6], open: '08:00', close: '12:00' },
];
const allDay: OpeningHours = [{ days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }];
const overnight: OpeningHours = [{ days: [5], open: '22:00', close: '02:00' }];
const splitShift: OpeningHours = [
  { days: [1], open: '08:15', close: '12:00' },
  { days: [1], open: '14:00', close: '15:45' },
];

describe('opening hours and slots', () => {
  // 2025-06-16 is a Monday, 2025-06-21 a Saturday, 2025-06-22 a Sunday.
  it.each<[string, OpeningHours, string, string[] | { count: number; first: string; last: string }]>([
    ['weekday', weekdaysAndWeekend, '2025-06-16', { count: 32, first: '06:00', last: '21:30' }],
    ['saturday', weekdaysAndWeekend, '2025-06-21', ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30']],
    ['closed sunday', weekdaysAndWeekend, '2025-06-22', []],
    ['24 hours', allDay, '2025-06-22', { count: 48, first: '00:00', last: '23:30' }],
    ['overnight friday', overnight, '2025-06-20', ['22:00', '22:30', '23:00', '23:30']],
    ['overnight tail saturday', overnight, '2025-06-21', ['00:00', '00:30', '01:00', '01:30']],
    ['off-grid bounds', splitShift, '2025-06-16', ['08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '14:00', '14:30', '15:00', '15:30']],
  ])('%s', (_label, hours, date, expected) => {
    const slots = timeSlots(hours, date);
    if (Array.isArray(expected)) {
      expect(slots).toEqual(expected);
    } else {
      expect(slots).toHaveLength(expected.count);
      expect(slots[0]).toBe(expected.first);
      expect(slots.at(-1)).toBe(expected.last);
    }
  });

  it('merges overlapping rules without duplicate slots', () => {
    const overlapping: OpeningHours = [
      { days: [1], open: '08:00', close: '10:00' },
      { days: [1], open: '09:00', close: '11:00' },
    ];
    expect(timeSlots(overlapping, '2025-06-16')).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30']);
  });

  it('gives the same intervals for every date of a weekday, whatever a caller did with an earlier answer', () => {
    const hours: OpeningHours = [{ days: [1, 2], open: '22:00', close: '02:00' }];
    const monday = openIntervals(hours, '2025-06-16');
    expect(monday).toEqual([[1320, 1440]]);
    monday.push([0, 1]);
    monday.reverse();
    expect(openIntervals(hours, '2025-06-23')).toEqual([[1320, 1440]]);
    expect(openIntervals(hours, '2025-06-17')).toEqual([[0, 120], [1320, 1440]]);
    expect(openIntervals(hours, '2025-06-19')).toEqual([]);
  });

  it('treats equal open and close as round the clock', () => {
    expect(timeSlots([{ days: [1], open: '00:00', close: '00:00' }], '2025-06-16')).toHaveLength(48);
    expect(openIntervals([{ days: [1], open: '06:00', close: '06:00' }], '2025-06-17')).toEqual([[0, 360]]);
  });

  it.each<[OpeningHours, string, boolean, boolean, boolean]>([
    [weekdaysAndWeekend, '2025-06-16T06:00', true, true, true],
    [weekdaysAndWeekend, '2025-06-16T21:30', true, true, true],
    [weekdaysAndWeekend, '2025-06-16T21:45', false, true, false],
    [weekdaysAndWeekend, '2025-06-16T22:00', true, false, false],
    [weekdaysAndWeekend, '2025-06-16T05:30', true, false, false],
    [weekdaysAndWeekend, '2025-06-22T10:00', true, false, false],
    [allDay, '2025-06-22T23:30', true, true, true],
    [overnight, '2025-06-21T01:30', true, true, true],
    [overnight, '2025-06-21T02:00', true, false, false],
    [weekdaysAndWeekend, 'bad', false, false, false],
  ])('%j at %s: on slot %s, open %s, bookable %s', (hours, value, onSlot, open, bookable) => {
    expect(isOnSlot(value)).toBe(onSlot);
    expect(isOpenAt(hours, value)).toBe(open);
    expect(isBookableSlot(hours, value)).toBe(bookable);
  });

  it('offers every half hour of the day before a branch is chosen', () => {
    const slots = daySlots();
    expect(slots).toHaveLength(48);
    expect(slots.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(slots.at(-1)).toBe('23:30');
    expect(daySlots(60)).toHaveLength(24);
  });

  it('lists the week Monday first, each day with its ranges by opening time, closed days empty', () => {
    const week = weeklyHours([
      { days: [1, 2, 3, 4, 5], open: '14:00', close: '19:00' },
      { days: [1, 2, 3, 4, 5], open: '07:00', close: '12:00' },
      { days: [6], open: '08:00', close: '16:00' },
    ]);
    expect(week.map((entry) => entry.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(week[0]?.ranges).toEqual([
      { open: '07:00', close: '12:00' },
      { open: '14:00', close: '19:00' },
    ]);
    expect(week[5]?.ranges).toEqual([{ open: '08:00', close: '16:00' }]);
    expect(week[6]?.ranges).toEqual([]);
  });

  it.each<[string, string, boolean]>([
    ['00:00', '24:00', true],
    ['06:00', '06:00', true],
    ['06:00', '24:00', false],
    ['00:00', '23:30', false],
    ['bad', '24:00', false],
  ])('%s to %s is round the clock: %s', (open, close, expected) => {
    expect(isRoundTheClock({ open, close })).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    [[{ days: [1, 2], open: '06:00', close: '22:00' }], true],
    ['[{"days":[0],"open":"00:00","close":"24:00"}]', true],
    [[], true],
    [[{ days: [7], open: '06:00', close: '22:00' }], false],
    [[{ days: [1], open: '24:00', close: '24:00' }], false],
    [[{ days: [1], open: '6:00', close: '22:00' }], false],
    [[{ days: '1', open: '06:00', close: '22:00' }], false],
    [[null], false],
    ['not json', false],
    [{ days: [1] }, false],
  ])('parseOpeningHours(%j) valid = %s', (value, valid) => {
    expect(parseOpeningHours(value) !== null).toBe(valid);
  });
});

describe('same-day notice', () => {
  const now = utc('2025-06-16T15:00:00Z'); // 10:00 in Panama
  it.each<[string, string, number | undefined, boolean]>([
    ['exactly 2 h ahead', '2025-06-16T12:00', undefined, true],
    ['1 h 59 min ahead', '2025-06-16T11:59', undefined, false],
    ['1 h ahead', '2025-06-16T11:00', undefined, false],
    ['later that evening', '2025-06-16T21:30', undefined, true],
    ['in the past', '2025-06-16T09:00', undefined, false],
    ['yesterday', '2025-06-15T12:00', undefined, false],
    ['tomorrow early', '2025-06-17T06:00', undefined, true],
    ['3 h rule, 2 h ahead', '2025-06-16T12:00', 3, false],
    ['3 h rule, 3 h ahead', '2025-06-16T13:00', 3, true],
  ])('%s', (_label, pickup, hours, expected) => {
    const instant = parsePanamaDateTime(pickup);
    expect(instant).not.toBeNull();
    if (instant !== null) {
      expect(isSameDayNoticeOk(instant, now, hours)).toBe(expected);
    }
  });

  it('only applies to the same Panama day, also late at night', () => {
    const lateNow = utc('2025-06-17T04:00:00Z'); // 23:00 in Panama on the 16th, already the 17th in UTC
    expect(isSameDayNoticeOk(utc('2025-06-17T04:30:00Z'), lateNow)).toBe(false); // 23:30 same Panama day
    expect(isSameDayNoticeOk(utc('2025-06-17T05:30:00Z'), lateNow)).toBe(true); // 00:30 next Panama day
  });
});

describe('disable_reservations_until', () => {
  it.each<[Date | string, string | null | undefined, boolean]>([
    ['2025-06-30', '2025-07-01', true],
    ['2025-07-01', '2025-07-01', false],
    ['2025-07-02', '2025-07-01', false],
    ['2025-06-30T23:30', '2025-07-01', true],
    ['2025-07-01T00:00', '2025-07-01', false],
    // 2025-07-01T03:00Z is still 30 June in Panama.
    [utc('2025-07-01T03:00:00Z'), '2025-07-01', true],
    [utc('2025-07-01T05:00:00Z'), '2025-07-01', false],
    ['2025-06-30', '2025-07-01T00:00:00', true],
    ['2025-06-30', null, false],
    ['2025-06-30', undefined, false],
    ['2025-06-30', '', false],
    ['2025-06-30', 'garbage', false],
    ['garbage', '2025-07-01', true],
  ])('pickup %s, disabled until %s → blocked %s', (pickup, until, expected) => {
    expect(isBeforeDisabledUntil(pickup, until)).toBe(expected);
  });
});
