import { rentalStatusOf } from '../rentals';
import { fileIdOf } from './retention';

// Which stored fields are a renter's (or an applicant's, or a lead's) personal data, what a copy of their data holds,
// and what erasure does to each record (Panama's Law 81 of 2019: access and cancellation). The names are the fields as
// the content service stores them. Pure: the content service reads and writes, this module decides.

/** The collections that hold data about a person, found by their e-mail address. */
export const PERSONAL_COLLECTIONS = ['reservations', 'precheckins', 'payments', 'corporate_leads', 'job_applications', 'reservation_drafts'] as const;
export type PersonalCollection = (typeof PERSONAL_COLLECTIONS)[number];

/**
 * Fields erased (set to null) by an erasure. Payments hold no personal field: amounts, statuses and the gateway's
 * references stay with the reservation's totals for the tax period. Files (scans, CVs) are deleted, not only unlinked.
 */
export const PERSONAL_FIELDS = {
  reservations: ['client_name', 'client_last_name', 'client_email', 'client_phone', 'client_birthday', 'client_license'],
  precheckins: [
    'contact_email', 'contact_phone', 'flight_number', 'license_number', 'license_country', 'license_expiry', 'id_document',
    'license_file', 'id_file', 'additional_drivers', 'terms_accepted_name',
  ],
  corporate_leads: ['contact_name', 'email', 'phone', 'message'],
  job_applications: ['name', 'email', 'phone', 'message', 'cv'],
} as const satisfies Partial<Record<PersonalCollection, readonly string[]>>;

/** The fields among them that point at a stored file (deleted with the erasure). */
export const PERSONAL_FILE_FIELDS = {
  reservations: [],
  precheckins: ['license_file', 'id_file'],
  corporate_leads: [],
  job_applications: ['cv'],
} as const satisfies Record<keyof typeof PERSONAL_FIELDS, readonly string[]>;

export type ErasableCollection = keyof typeof PERSONAL_FIELDS;

/** What erasing a record means: the update that blanks its personal fields, and the files to delete. */
export interface ErasurePlan {
  patch: Record<string, null>;
  files: string[];
}

export function erasurePlan(collection: ErasableCollection, record: Record<string, unknown>): ErasurePlan {
  const patch = Object.fromEntries(PERSONAL_FIELDS[collection].map((field) => [field, null])) as Record<string, null>;
  const files = (PERSONAL_FILE_FIELDS[collection] as readonly string[])
    .map((field) => fileIdOf(record[field]))
    .filter((id): id is string => id !== null);
  return { patch, files };
}

/** E-mail addresses compare without case or surrounding spaces. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function sameEmail(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim() !== '' && normalizeEmail(a) === normalizeEmail(b);
}

/** Does a draft's stored state (any JSON) hold this e-mail address anywhere? */
export function mentionsEmail(value: unknown, email: string, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return sameEmail(value, email);
  if (Array.isArray(value)) return value.some((item) => mentionsEmail(item, email, depth + 1));
  if (value !== null && typeof value === 'object') return Object.values(value).some((item) => mentionsEmail(item, email, depth + 1));
  return false;
}

/** A reservation as the erasure rule sees it. */
export interface ErasureReservation {
  number: string;
  /** The payment status (`unpaid`, `paid`, `cancelled`). */
  status: string | null;
  /** The rental lifecycle as stored (`booked`, `picked_up`, `returned`, `no_show`; null reads as `booked`). */
  rentalStatus: unknown;
}

/**
 * Why a reservation still needs its renter's data, or null when it no longer does. It follows the rental lifecycle, not
 * the booked dates: a reservation is done with once its car came back (`returned`, however early or late), once the
 * renter was marked a no-show, or once it was cancelled without the car having left. Until then the data is needed:
 * a booking not yet handed over (at pickup, for the counter's checks), and above all a car that is out (picked up,
 * overdue or not: the counter, the deposit, a dispute or a theft report need to know who has it).
 */
export function erasureOpenReason(reservation: ErasureReservation): 'car_out' | 'not_picked_up' | null {
  const rental = rentalStatusOf(reservation.rentalStatus);
  if (rental === 'picked_up') return 'car_out';
  if (rental === 'returned' || rental === 'no_show') return null;
  return reservation.status === 'cancelled' ? null : 'not_picked_up';
}

/**
 * Why an erasure cannot be carried out now, or null: staff read it in the admin when saving the request as Done
 * (English, the admin's language), with what to do about each reservation still open.
 */
export function erasureBlocker(reservations: readonly ErasureReservation[]): string | null {
  const numbersWhere = (reason: 'car_out' | 'not_picked_up') =>
    reservations.filter((reservation) => erasureOpenReason(reservation) === reason).map((reservation) => reservation.number);
  const out = numbersWhere('car_out');
  const booked = numbersWhere('not_picked_up');
  const are = (numbers: string[]) => `${numbers.join(', ')} ${numbers.length === 1 ? 'is' : 'are'}`;
  const reasons: string[] = [];
  if (out.length) reasons.push(`${are(out)} picked up and not returned: the renter's data is needed until the car is back`);
  if (booked.length) reasons.push(`${are(booked)} booked and not picked up: the renter's data is needed at pickup (mark a no-show at the counter or cancel it first)`);
  if (!reasons.length) return null;
  return `Not now: ${reasons.join('; ')}. Refuse this request with a note, or approve it again once the car is back.`;
}

/** The fields a copy of one's data shows from each collection (internal keys, tokens and file ids are left out). */
export const EXPORT_FIELDS = {
  reservations: [
    'reservation_number', 'brand', 'status', 'reservation_type', 'payment_type', 'language', 'date_created', 'cancelled_at',
    'pickup_date', 'return_date', 'days', 'era', 'extras', 'lines',
    'client_name', 'client_last_name', 'client_email', 'client_phone', 'client_birthday', 'client_license',
    'car_total', 'coverage_total', 'era_total', 'extras_total', 'dropoff', 'delivery_price', 'coupon_discount', 'young_driver_fee',
    'subtotal', 'airport_tax', 'tax', 'total',
  ],
  precheckins: [
    'status', 'preferred_language', 'contact_email', 'contact_phone', 'flight_number', 'license_number', 'license_country',
    'license_expiry', 'id_document', 'additional_drivers', 'terms_accepted_name', 'terms_accepted_at', 'date_created',
  ],
  payments: ['kind', 'provider', 'status', 'amount', 'currency', 'card_brand', 'card_last4', 'date_created', 'settled_at'],
  corporate_leads: ['company', 'contact_name', 'email', 'phone', 'fleet_size', 'brand', 'message', 'date_created'],
  job_applications: ['name', 'email', 'phone', 'message', 'date_created'],
  reservation_drafts: ['data', 'date_created', 'expires_at'],
} as const satisfies Record<PersonalCollection, readonly string[]>;

function pick(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
}

export interface DataExportInput {
  email: string;
  generatedAt: Date;
  /** Each with a `reservation_number` for pre-check-ins and payments (the reservation they belong to). */
  records: Record<PersonalCollection, readonly Record<string, unknown>[]>;
  /** Whether a pre-check-in has scans on file, by its position in `records.precheckins`. */
  documentsOnFile?: readonly { license: boolean; id: boolean }[];
  /** Whether an application has a CV on file, by its position in `records.job_applications`. */
  cvOnFile?: readonly boolean[];
}

/** The copy of a person's data: one JSON document, every collection that mentions their e-mail, in plain field names. */
export function buildDataExport({ email, generatedAt, records, documentsOnFile = [], cvOnFile = [] }: DataExportInput) {
  return {
    about: normalizeEmail(email),
    generated_at: generatedAt.toISOString(),
    reservations: records.reservations.map((row) => pick(row, EXPORT_FIELDS.reservations)),
    precheckins: records.precheckins.map((row, index) => ({
      reservation_number: row.reservation_number ?? null,
      ...pick(row, EXPORT_FIELDS.precheckins),
      documents_on_file: documentsOnFile[index] ?? { license: false, id: false },
    })),
    payments: records.payments.map((row) => ({ reservation_number: row.reservation_number ?? null, ...pick(row, EXPORT_FIELDS.payments) })),
    corporate_leads: records.corporate_leads.map((row) => pick(row, EXPORT_FIELDS.corporate_leads)),
    job_applications: records.job_applications.map((row, index) => ({
      job: row.job ?? null,
      ...pick(row, EXPORT_FIELDS.job_applications),
      cv_on_file: cvOnFile[index] ?? false,
    })),
    reservation_drafts: records.reservation_drafts.map((row) => pick(row, EXPORT_FIELDS.reservation_drafts)),
  };
}

export type DataExport = ReturnType<typeof buildDataExport>;
