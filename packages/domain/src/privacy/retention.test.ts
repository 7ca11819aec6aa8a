import { describe, expect, it } from 'vitest';
import {
  applicationRemovalAt,
  DEFAULT_RETENTION,
  draftRemovalAt,
  dueForRemoval,
  retentionSettings,
  scanRemovalAt,
  strictestRetention,
  type RetentionSettings,
  type ScanRental,
} from './retention';

const defaults = () => DEFAULT_RETENTION;

describe('retention settings', () => {
  it('default to 30 days for scans, 180 for CVs, 7 for drafts and two years for leads', () => {
    expect(DEFAULT_RETENTION).toEqual({ scanDays: 30, cvDays: 180, draftDays: 7, leadDays: 730 });
  });

  it('take a brand\'s values, and the default for a missing or impossible one', () => {
    expect(retentionSettings({ scanDays: 10, cvDays: '90', draftDays: 0, leadDays: null })).toEqual({ scanDays: 10, cvDays: 90, draftDays: 7, leadDays: 730 });
    expect(retentionSettings(null)).toEqual(DEFAULT_RETENTION);
    expect(retentionSettings({ scanDays: 2.5, leadDays: 99_999 })).toMatchObject({ scanDays: 30, leadDays: 730 });
  });

  it('for records of no brand, take the shortest period any brand set', () => {
    const a: RetentionSettings = { scanDays: 30, cvDays: 90, draftDays: 7, leadDays: 730 };
    const b: RetentionSettings = { scanDays: 14, cvDays: 180, draftDays: 3, leadDays: 365 };
    expect(strictestRetention([a, b])).toEqual({ scanDays: 14, cvDays: 90, draftDays: 3, leadDays: 365 });
    expect(strictestRetention([])).toEqual(DEFAULT_RETENTION);
  });
});

describe('when records are removed', () => {
  it('scans: 30 days after the car really came back, not after the booked return', () => {
    const rental = (values: Partial<ScanRental>): ScanRental => ({ status: 'paid', rentalStatus: 'booked', returnedAt: null, noShowAt: null, cancelledAt: null, returnDate: '2030-01-10T10:00:00', ...values });
    const removal = (values: Partial<ScanRental> | null, createdAt: string | null = null) =>
      scanRemovalAt({ id: 1, brand: 'firefly', rental: values === null ? null : rental(values), createdAt }, DEFAULT_RETENTION)?.toISOString() ?? null;
    // Handed back two days early, at 2030-01-08 14:00 UTC: counted from then, not from the booked 2030-01-10.
    expect(removal({ rentalStatus: 'returned', returnedAt: '2030-01-08T14:00:00.000Z' })).toBe('2030-02-07T14:00:00.000Z');
    // Handed back five days late: counted from the real return.
    expect(removal({ rentalStatus: 'returned', returnedAt: '2030-01-15T20:00:00.000Z' })).toBe('2030-02-14T20:00:00.000Z');
    // A row returned without the instant (older than the field): the booked return, read as Panama time (15:00 UTC).
    expect(removal({ rentalStatus: 'returned' })).toBe('2030-02-09T15:00:00.000Z');
    // Out and not back, whatever the booked return (overdue, disputed, stolen): kept.
    expect(removal({ rentalStatus: 'picked_up' })).toBeNull();
    expect(removal({ rentalStatus: 'picked_up', returnDate: '2020-01-10T10:00:00' })).toBeNull();
    // Not picked up yet: kept (the counter checks the documents at pickup), even when the booked dates are long past.
    expect(removal({ rentalStatus: 'booked', returnDate: '2020-01-10T10:00:00' })).toBeNull();
    expect(removal({ rentalStatus: null, returnDate: '2020-01-10T10:00:00' })).toBeNull();
    // A no-show or a cancellation ends the purpose when it was recorded.
    expect(removal({ rentalStatus: 'no_show', noShowAt: '2030-01-05T16:00:00.000Z' })).toBe('2030-02-04T16:00:00.000Z');
    expect(removal({ status: 'cancelled', cancelledAt: '2029-12-20T12:00:00.000Z' })).toBe('2030-01-19T12:00:00.000Z');
    expect(removal({ status: 'cancelled' })).toBe('2030-02-09T15:00:00.000Z');
    // A car handed over and then its payment cancelled is still out: kept.
    expect(removal({ status: 'cancelled', rentalStatus: 'picked_up', cancelledAt: '2029-12-20T12:00:00.000Z' })).toBeNull();
    // No reservation: counted from the pre-check-in.
    expect(removal(null, '2030-01-01T00:00:00.000Z')).toBe('2030-01-31T00:00:00.000Z');
  });

  it('CVs: 180 days after the end of the offer\'s closing day, or after the application without a closing date', () => {
    // The closing day 2030-03-01 ends at 2030-03-02 00:00 in Panama = 05:00 UTC.
    expect(applicationRemovalAt({ id: 1, closingOn: '2030-03-01', createdAt: '2030-01-01T00:00:00.000Z' }, DEFAULT_RETENTION)?.toISOString()).toBe('2030-08-29T05:00:00.000Z');
    expect(applicationRemovalAt({ id: 1, closingOn: null, createdAt: '2030-01-01T00:00:00.000Z' }, DEFAULT_RETENTION)?.toISOString()).toBe('2030-06-30T00:00:00.000Z');
  });

  it('drafts: at their expiry, and never later than 7 days after they were started', () => {
    const created = '2030-01-01T00:00:00.000Z';
    expect(draftRemovalAt({ id: 'a', expiresAt: '2030-01-03T00:00:00.000Z', createdAt: created }, DEFAULT_RETENTION)?.toISOString()).toBe('2030-01-03T00:00:00.000Z');
    // Saved every day, so its expiry kept moving: the cap still removes it.
    expect(draftRemovalAt({ id: 'a', expiresAt: '2030-01-20T00:00:00.000Z', createdAt: created }, DEFAULT_RETENTION)?.toISOString()).toBe('2030-01-08T00:00:00.000Z');
  });

  it('lists what is due at a given instant, per brand, and keeps what is not or cannot be dated', () => {
    const returned = (returnedAt: string): ScanRental => ({ status: 'paid', rentalStatus: 'returned', returnedAt, noShowAt: null, cancelledAt: null, returnDate: null });
    const settingsOf = (brand: string | null) => (brand === 'hertz' ? { ...DEFAULT_RETENTION, scanDays: 5, leadDays: 30 } : DEFAULT_RETENTION);
    const records = {
      scans: [
        { id: 1, brand: 'firefly', rental: returned('2030-01-10T15:00:00.000Z'), createdAt: null },
        { id: 2, brand: 'hertz', rental: returned('2030-01-10T15:00:00.000Z'), createdAt: null },
        { id: 3, brand: 'firefly', rental: returned('not a date'), createdAt: null },
      ],
      cvs: [{ id: 4, closingOn: '2029-01-01', createdAt: null }, { id: 5, closingOn: '2030-01-01', createdAt: null }],
      drafts: [{ id: 'old', expiresAt: '2030-01-19T00:00:00.000Z', createdAt: null }, { id: 'live', expiresAt: '2030-01-21T00:00:00.000Z', createdAt: '2030-01-19T00:00:00.000Z' }],
      leads: [{ id: 6, brand: 'hertz', createdAt: '2029-12-01T00:00:00.000Z' }, { id: 7, brand: 'firefly', createdAt: '2029-12-01T00:00:00.000Z' }],
    };
    expect(dueForRemoval(records, settingsOf, new Date('2030-01-20T00:00:00.000Z'))).toEqual({ scans: [2], cvs: [4], drafts: ['old'], leads: [6] });
    // The removal instant itself is due.
    expect(dueForRemoval({ scans: [], cvs: [], drafts: [{ id: 'x', expiresAt: '2030-01-01T00:00:00.000Z', createdAt: null }], leads: [] }, defaults, new Date('2030-01-01T00:00:00.000Z')).drafts).toEqual(['x']);
  });
});

