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
  it('scans: 30 days after the return, read as Panama time', () => {
    // Returned 2030-01-10 10:00 in Panama = 15:00 UTC.
    expect(scanRemovalAt({ id: 1, brand: 'firefly', returnDate: '2030-01-10T10:00:00', createdAt: null }, DEFAULT_RETENTION)?.toISOString()).toBe('2030-02-09T15:00:00.000Z');
    // No reservation: counted from the pre-check-in.
    expect(scanRemovalAt({ id: 1, brand: null, returnDate: null, createdAt: '2030-01-01T00:00:00.000Z' }, DEFAULT_RETENTION)?.toISOString()).toBe('2030-01-31T00:00:00.000Z');
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
    const settingsOf = (brand: string | null) => (brand === 'hertz' ? { ...DEFAULT_RETENTION, scanDays: 5, leadDays: 30 } : DEFAULT_RETENTION);
    const records = {
      scans: [
        { id: 1, brand: 'firefly', returnDate: '2030-01-10T10:00:00', createdAt: null },
        { id: 2, brand: 'hertz', returnDate: '2030-01-10T10:00:00', createdAt: null },
        { id: 3, brand: 'firefly', returnDate: 'not a date', createdAt: null },
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

