import { formatPanamaDate, panamaUtcOffsetMinutes } from '@rentacar/domain/dates';
import { describe, expect, it } from 'vitest';
import { panamaAt } from './dashboards.mjs';

// The start-up reconcile reads Panama's clock in plain JavaScript; the dashboards hook reads it through the domain.
// Both write the same "today" (the kit's reconciler is told it: extensions/shared/dashboards.test.ts).
describe('the start-up reconcile\'s Panama clock', () => {
  it('takes Panama\'s date as today: 03:30 UTC is still the day before in Panama', () => {
    expect(panamaAt(new Date('2026-03-10T03:30:00Z'))).toEqual({ date: '2026-03-09', utcOffsetMinutes: -300 });
    expect(panamaAt(new Date('2026-03-10T05:00:00Z'))).toEqual({ date: '2026-03-10', utcOffsetMinutes: -300 });
  });

  it('reads Panama as the domain does, around every midnight of a year', () => {
    const start = Date.parse('2026-01-01T04:58:00Z');
    for (let day = 0; day < 366; day += 1) {
      for (const minutes of [0, 1, 2, 3]) {
        const now = new Date(start + day * 86_400_000 + minutes * 60_000);
        expect(panamaAt(now), now.toISOString()).toEqual({ date: formatPanamaDate(now), utcOffsetMinutes: panamaUtcOffsetMinutes(now) });
      }
    }
  });
});
