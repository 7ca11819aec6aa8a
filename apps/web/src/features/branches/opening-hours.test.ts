import { describe, expect, it } from 'vitest';
import { isAllDay, weeklyHours } from './opening-hours';

describe('weekly opening hours', () => {
  it('lists Monday to Sunday with each day’s ranges, closed days empty', () => {
    const week = weeklyHours([
      { days: [1, 2, 3, 4, 5], open: '07:00', close: '19:00' },
      { days: [6], open: '08:00', close: '16:00' },
    ]);
    expect(week.map((entry) => entry.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(week[0]?.ranges).toEqual([{ open: '07:00', close: '19:00' }]);
    expect(week[5]?.ranges).toEqual([{ open: '08:00', close: '16:00' }]);
    expect(week[6]?.ranges).toEqual([]);
  });
  it('recognises round-the-clock branches', () => {
    expect(isAllDay({ open: '00:00', close: '24:00' })).toBe(true);
    expect(isAllDay({ open: '06:00', close: '24:00' })).toBe(false);
  });
});
