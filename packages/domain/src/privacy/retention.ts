import { addDaysToLocalDate, parsePanamaDate, parsePanamaTimestamp } from '../dates';
import { rentalStatusOf } from '../rentals';

// How long renters' and applicants' data is kept (Panama's Law 81 of 2019: no longer than its purpose), and which
// stored records are due for removal at a given instant. Pure: the content service's retention job reads the records
// and the brands' settings, asks this module, and removes what it answers.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days each kind of record is kept, counted from the moment its purpose ended (see `removalAt`). */
export interface RetentionSettings {
  /** Licence and id scans of a pre-check-in: days after the car came back (see `scanPurposeEndedAt`). */
  scanDays: number;
  /** Job applications and their CVs: days after the offer closed (or after the application, for an offer without a closing date). */
  cvDays: number;
  /** Reservation drafts (the booking flow's state): days after the draft was started, and never past its expiry. */
  draftDays: number;
  /** Corporate leads (the contact form): days after they were sent. */
  leadDays: number;
}

export const DEFAULT_RETENTION: RetentionSettings = { scanDays: 30, cvDays: 180, draftDays: 7, leadDays: 730 };

/** The range a setting may take, in days (ten years at most: longer is not retention any more). */
export const RETENTION_DAYS_RANGE = { min: 1, max: 3650 } as const;

export const RETENTION_KINDS = ['scans', 'cvs', 'drafts', 'leads'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

const SETTING_OF: Record<RetentionKind, keyof RetentionSettings> = { scans: 'scanDays', cvs: 'cvDays', drafts: 'draftDays', leads: 'leadDays' };

function validDays(value: unknown, fallback: number): number {
  const days = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof days === 'number' && Number.isInteger(days) && days >= RETENTION_DAYS_RANGE.min && days <= RETENTION_DAYS_RANGE.max ? days : fallback;
}

/** A brand's settings as stored (any missing or out-of-range value takes its default). */
export function retentionSettings(values: Partial<Record<keyof RetentionSettings, unknown>> | null | undefined): RetentionSettings {
  return {
    scanDays: validDays(values?.scanDays, DEFAULT_RETENTION.scanDays),
    cvDays: validDays(values?.cvDays, DEFAULT_RETENTION.cvDays),
    draftDays: validDays(values?.draftDays, DEFAULT_RETENTION.draftDays),
    leadDays: validDays(values?.leadDays, DEFAULT_RETENTION.leadDays),
  };
}

/** For records that belong to no brand (drafts, job applications): the shortest period any brand set; defaults without brands. */
export function strictestRetention(all: readonly RetentionSettings[]): RetentionSettings {
  if (all.length === 0) return { ...DEFAULT_RETENTION };
  const shortest = (key: keyof RetentionSettings) => Math.min(...all.map((settings) => settings[key]));
  return { scanDays: shortest('scanDays'), cvDays: shortest('cvDays'), draftDays: shortest('draftDays'), leadDays: shortest('leadDays') };
}

/** A stored date or date-time (Panama wall clock, or an instant with its offset) as an instant; null when absent or malformed. */
function instant(value: string | null | undefined): Date | null {
  return typeof value === 'string' && value.trim() !== '' ? parsePanamaTimestamp(value) : null;
}

const plusDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/**
 * Where a pre-check-in's reservation stands in the rental lifecycle, as stored: its payment status, its rental status
 * and the instants the counter recorded (UTC timestamps), and the booked return (Panama wall clock).
 */
export interface ScanRental {
  status: string | null;
  rentalStatus: unknown;
  returnedAt: string | null;
  noShowAt: string | null;
  cancelledAt: string | null;
  returnDate: string | null;
}

/** A pre-check-in with scans: its reservation's brand and rental (null when it has none); when it was sent. */
export interface ScanRecord {
  id: number | string;
  brand: string | null;
  rental: ScanRental | null;
  createdAt: string | null;
}

/** A job application: its offer's closing date (YYYY-MM-DD, Panama) and when it was sent. */
export interface ApplicationRecord {
  id: number | string;
  closingOn: string | null;
  createdAt: string | null;
}

export interface DraftRecord {
  id: number | string;
  expiresAt: string | null;
  createdAt: string | null;
}

export interface LeadRecord {
  id: number | string;
  brand: string | null;
  createdAt: string | null;
}

/**
 * The instant a pre-check-in's scans stop serving their purpose (checking the documents for the rental), from which
 * `scanDays` are counted; null while they still serve it. It follows what happened to the car, not the booked dates:
 *   - returned: when it really came back (`returnedAt`; the booked return only for a row returned without one);
 *   - no-show: when staff marked it;
 *   - cancelled before pickup: when it was cancelled (the booked return for a row cancelled without the instant);
 *   - picked up and not back (late, disputed, stolen), or booked and not yet picked up: kept;
 *   - a pre-check-in without a reservation: when it was sent.
 */
export function scanPurposeEndedAt(record: Pick<ScanRecord, 'rental' | 'createdAt'>): Date | null {
  const { rental } = record;
  if (rental === null) return instant(record.createdAt);
  switch (rentalStatusOf(rental.rentalStatus)) {
    case 'returned':
      return instant(rental.returnedAt) ?? instant(rental.returnDate);
    case 'no_show':
      return instant(rental.noShowAt) ?? instant(rental.returnDate);
    case 'picked_up':
      return null;
    case 'booked':
      return rental.status === 'cancelled' ? instant(rental.cancelledAt) ?? instant(rental.returnDate) : null;
  }
}

/** When the scans are removed: `scanDays` after their purpose ended (`scanPurposeEndedAt`); null while it has not. */
export function scanRemovalAt(record: ScanRecord, settings: RetentionSettings): Date | null {
  const from = scanPurposeEndedAt(record);
  return from && plusDays(from, settings.scanDays);
}

/**
 * When an application and its CV are removed: `cvDays` after its offer closed (the end of the closing day in Panama),
 * or after it was sent when the offer has no closing date (or no longer exists).
 */
export function applicationRemovalAt(record: ApplicationRecord, settings: RetentionSettings): Date | null {
  const closing = record.closingOn?.slice(0, 10) ?? '';
  const closed = /^\d{4}-\d{2}-\d{2}$/.test(closing) ? parsePanamaDate(addDaysToLocalDate(closing, 1)) : null;
  const from = closed ?? instant(record.createdAt);
  return from && plusDays(from, settings.cvDays);
}

/**
 * When a draft is removed: at its expiry (the storefront stops reading it then), and at the latest `draftDays` after
 * it was started, however often it was saved since. One rule: the content service's only removal of drafts.
 */
export function draftRemovalAt(record: DraftRecord, settings: RetentionSettings): Date | null {
  const expiry = instant(record.expiresAt);
  const created = instant(record.createdAt);
  const cap = created && plusDays(created, settings.draftDays);
  if (expiry && cap) return expiry < cap ? expiry : cap;
  return expiry ?? cap;
}

export function leadRemovalAt(record: LeadRecord, settings: RetentionSettings): Date | null {
  const from = instant(record.createdAt);
  return from && plusDays(from, settings.leadDays);
}

export interface RetentionRecords {
  scans: readonly ScanRecord[];
  cvs: readonly ApplicationRecord[];
  drafts: readonly DraftRecord[];
  leads: readonly LeadRecord[];
}

export type RetentionDue = Record<RetentionKind, (number | string)[]>;

/**
 * The records due for removal at `now`: those whose removal instant is at or before it. `settingsOf(brand)` gives a
 * brand's settings; records without a brand (drafts, applications, or a brand without settings) take `settingsOf(null)`.
 * A record whose dates are missing or malformed is kept (and reported by nothing: the job logs what it removed).
 */
export function dueForRemoval(records: RetentionRecords, settingsOf: (brand: string | null) => RetentionSettings, now: Date): RetentionDue {
  const due = <T extends { id: number | string }>(list: readonly T[], at: (record: T) => Date | null) =>
    list.filter((record) => {
      const removal = at(record);
      return removal !== null && removal.getTime() <= now.getTime();
    }).map((record) => record.id);
  return {
    scans: due(records.scans, (record) => scanRemovalAt(record, settingsOf(record.brand))),
    cvs: due(records.cvs, (record) => applicationRemovalAt(record, settingsOf(null))),
    drafts: due(records.drafts, (record) => draftRemovalAt(record, settingsOf(null))),
    leads: due(records.leads, (record) => leadRemovalAt(record, settingsOf(record.brand))),
  };
}

/** The setting that governs a kind of record (for messages and documentation). */
export function retentionDaysOf(kind: RetentionKind, settings: RetentionSettings): number {
  return settings[SETTING_OF[kind]];
}

/** A file field's value: its id, or the id of a nested file object; null when empty. */
export function fileIdOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (value !== null && typeof value === 'object' && 'id' in value && typeof value.id === 'string' && value.id !== '') return value.id;
  return null;
}
