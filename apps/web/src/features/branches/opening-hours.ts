import type { OpeningHours } from './branches-data';

export type DayHours = { day: number; ranges: { open: string; close: string }[] };

/** One line per weekday, Monday first, with that day's opening ranges (empty = closed). */
export function weeklyHours(hours: OpeningHours): DayHours[] {
  const week = [1, 2, 3, 4, 5, 6, 0];
  return week.map((day) => ({
    day,
    ranges: hours
      .filter((entry) => entry.days.includes(day))
      .map((entry) => ({ open: entry.open, close: entry.close }))
      .sort((a, b) => a.open.localeCompare(b.open)),
  }));
}

export function isAllDay(range: { open: string; close: string }): boolean {
  return range.open === '00:00' && (range.close === '24:00' || range.close === '23:59');
}
