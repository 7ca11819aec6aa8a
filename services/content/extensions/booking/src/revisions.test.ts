import { describe, expect, it } from 'vitest';
import { changesEvent, withRevision } from './revisions';

const row = { id: 7, revision: 2, status: 'paid', car: 3, pickup_branch: 1, return_branch: 2, pickup_date: '2031-04-01T09:30:00', return_date: '2031-04-03T09:30:00' };

describe('changesEvent', () => {
  it('sees new dates, branches or car', () => {
    expect(changesEvent(row, { return_date: '2031-04-04T09:30:00' })).toBe(true);
    expect(changesEvent(row, { pickup_branch: 4 })).toBe(true);
    expect(changesEvent(row, { return_branch: '5' })).toBe(true);
    expect(changesEvent(row, { car: { id: 9 } })).toBe(true);
  });

  it('ignores the same values written again, in any of their forms', () => {
    expect(changesEvent(row, { pickup_date: '2031-04-01T09:30', return_date: '2031-04-03 09:30:00', car: '3', pickup_branch: { id: 1 } })).toBe(false);
    expect(changesEvent(row, { total: 1234, status: 'paid' })).toBe(false);
  });

  it('sees a cancellation and a cancelled reservation taken back, not a payment', () => {
    expect(changesEvent(row, { status: 'cancelled' })).toBe(true);
    expect(changesEvent({ ...row, status: 'cancelled' }, { status: 'unpaid' })).toBe(true);
    expect(changesEvent({ ...row, status: 'unpaid' }, { status: 'paid' })).toBe(false);
  });
});

describe('withRevision', () => {
  it('raises the revision by one when the event changes', () => {
    expect(withRevision({ return_date: '2031-04-05T09:30:00' }, [row])).toEqual({ return_date: '2031-04-05T09:30:00', revision: 3 });
  });

  it('counts a row older than the field as revision 0', () => {
    expect(withRevision({ status: 'cancelled' }, [{ ...row, revision: null }])).toEqual({ status: 'cancelled', revision: 1 });
  });

  it('leaves the revision alone otherwise, and never takes one from the caller', () => {
    expect(withRevision({ total: 100 }, [row])).toEqual({ total: 100 });
    expect(withRevision({ total: 100, revision: 0 }, [row])).toEqual({ total: 100 });
    expect(withRevision({ status: 'cancelled', revision: 1 }, [row])).toEqual({ status: 'cancelled', revision: 3 });
  });

  it('moves a batch past the highest revision among its rows', () => {
    expect(withRevision({ status: 'cancelled' }, [row, { ...row, id: 8, revision: 5 }])).toEqual({ status: 'cancelled', revision: 6 });
  });
});
