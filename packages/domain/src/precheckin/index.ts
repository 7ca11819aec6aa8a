// zod/mini: the verification form's schema also runs in the browser (react-hook-form), like the booking forms.
import { z } from 'zod/mini';
import { parseLocalDate, type LocalDate, type LocalDateTime } from '../dates';
import type { Cents } from '../money';
import { ageOnDate, DEFAULT_MINIMUM_RENTER_AGE } from '../validation/age';
import { requiredText } from '../validation/forms';
import { normalizePhoneByShape } from '../validation/phone-format';
import type { ValidationMessageKey } from '../validation/messages';
import { normalizeFlightNumber } from '../flights';

// Where it was first needed; the rule lives with the booking's flight numbers.
export { normalizeFlightNumber };

/**
 * Online pre-check-in: before pickup the renter confirms the main driver's documents, names any other drivers,
 * accepts the rental terms by typing their name, and pays what is still due. These are its rules, on domain values.
 */

export const PRECHECKIN_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type PrecheckinStatus = (typeof PRECHECKIN_STATUSES)[number];

/** Enough for a family trip; more drivers are added at the counter. */
export const MAX_ADDITIONAL_DRIVERS = 3;

/** Each uploaded scan or photo: JPEG, PNG or PDF (told from the file's first bytes on the server), at most 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** The scans a renter uploads: the driver's licence and an id card or passport. */
export const DOCUMENT_KINDS = ['license', 'id'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export function isDocumentKind(value: unknown): value is DocumentKind {
  return typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);
}

/** Letters without accents, lower case, single spaces: "  José  PÉREZ " and "jose perez" are the same name. */
export function normalizePersonName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether what the renter typed to accept the terms is the main driver's name as booked (accents, case, spacing aside). */
export function isAcceptanceName(typed: string, expected: string): boolean {
  const normalized = normalizePersonName(typed);
  return normalized !== '' && normalized === normalizePersonName(expected);
}

/** The date part of a Panama date-time (`YYYY-MM-DD`). */
const dateOf = (at: LocalDateTime): LocalDate => at.slice(0, 10);

/** A licence valid for the whole rental: it expires on the return day or later. */
export function licenceCoversRental(expiry: LocalDate, returnAt: LocalDateTime): boolean {
  return parseLocalDate(expiry) !== null && expiry >= dateOf(returnAt);
}

/**
 * What is still to pay before pickup: the total less what online payments hold. Nothing for a cancelled reservation,
 * nor for one staff marked paid with no online payment (it was paid at a counter).
 */
export function amountDue({ total, held, status }: { total: Cents; held: Cents; status: 'unpaid' | 'paid' | 'cancelled' }): Cents {
  if (status === 'cancelled') return 0;
  if (status === 'paid' && held === 0) return 0;
  return Math.max(0, total - held);
}

export interface PrecheckinFormContext {
  pickupAt: LocalDateTime;
  returnAt: LocalDateTime;
  /** The main driver's name as booked; the acceptance must repeat it. */
  mainDriverName: string;
  minimumAge?: number;
}

type Issue = { message: ValidationMessageKey; params?: Record<string, unknown> };

function expiryIssue(value: string, returnAt: LocalDateTime): Issue | ValidationMessageKey | null {
  if (parseLocalDate(value) === null) return 'validation.date';
  return licenceCoversRental(value, returnAt) ? null : 'validation.licenseExpiresBeforeReturn';
}

const countryCode = z.pipe(
  z.string({ error: 'validation.required' }).check(z.trim(), z.toUpperCase()),
  z.string().check(
    z.superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: 'validation.required' });
      else if (!/^[A-Z]{2}$/.test(value)) ctx.addIssue({ code: 'custom', message: 'validation.country' });
    }),
  ),
);

/** An uploaded document, named by the reference the server gave for it. */
const documentReference = z.string({ error: 'validation.documentRequired' }).check(
  z.trim(),
  z.superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: 'validation.documentRequired' });
    else if (value.length > 500) ctx.addIssue({ code: 'custom', message: 'validation.tooLong' });
  }),
);

/**
 * The verification form: the main driver's licence (number, issuing country, an expiry no earlier than the return day),
 * ID or passport number, a scan of each, an optional flight number, other drivers (each 21 or older on the pickup day,
 * with a licence that covers the rental), and the terms accepted by typing the main driver's name.
 */
export function createPrecheckinFormSchema(context: PrecheckinFormContext) {
  const minimumAge = context.minimumAge ?? DEFAULT_MINIMUM_RENTER_AGE;
  const pickupDay = dateOf(context.pickupAt);
  const driver = z.object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    birthday: requiredText(32, (value) => {
      if (parseLocalDate(value) === null) return 'validation.date';
      const age = ageOnDate(value, pickupDay);
      if (age > 120) return 'validation.date';
      return age < minimumAge ? { message: 'validation.minAge', params: { minimumAge } } : null;
    }),
    licenseNumber: requiredText(40),
    licenseCountry: countryCode,
    licenseExpiry: requiredText(32, (value) => expiryIssue(value, context.returnAt)),
  });
  return z.object({
    licenseNumber: requiredText(40),
    licenseCountry: countryCode,
    licenseExpiry: requiredText(32, (value) => expiryIssue(value, context.returnAt)),
    idDocument: requiredText(40),
    licenseFile: documentReference,
    idFile: documentReference,
    flightNumber: z.pipe(
      z.optional(z.string()).check(
        z.superRefine((value, ctx) => {
          if (value !== undefined && value.trim() !== '' && normalizeFlightNumber(value) === null) ctx.addIssue({ code: 'custom', message: 'validation.flightNumber' });
        }),
      ),
      z.transform((value: string | undefined) => (value === undefined || value.trim() === '' ? '' : (normalizeFlightNumber(value) ?? ''))),
    ),
    additionalDrivers: z.array(driver).check(z.maxLength(MAX_ADDITIONAL_DRIVERS, { error: 'validation.tooLong' })),
    acceptedName: requiredText(200, (value) =>
      isAcceptanceName(value, context.mainDriverName) ? null : { message: 'validation.acceptanceName', params: { name: context.mainDriverName } },
    ),
  });
}

export type PrecheckinFormInput = z.input<ReturnType<typeof createPrecheckinFormSchema>>;
export type PrecheckinFormValues = z.output<ReturnType<typeof createPrecheckinFormSchema>>;
export type AdditionalDriver = PrecheckinFormValues['additionalDrivers'][number];

export const PREFERENCE_LANGUAGES = ['es', 'en'] as const;
export type PreferenceLanguage = (typeof PREFERENCE_LANGUAGES)[number];

/**
 * The renter's preferences: the email and phone the branch should use before pickup, and the language of its
 * messages. `normalizePhone` as in the client form (the server passes libphonenumber's check); the phone comes out E.164.
 */
export function createPreferencesSchema(context: { normalizePhone?: (value: string) => string | null } = {}) {
  const normalizePhone = context.normalizePhone ?? normalizePhoneByShape;
  return z.object({
    email: z.pipe(requiredText(254), z.email({ error: 'validation.email' })),
    phone: z.pipe(
      requiredText(32, (value) => (normalizePhone(value) === null ? 'validation.phone' : null)),
      z.transform((value: string) => normalizePhone(value) ?? value),
    ),
    language: z.enum(PREFERENCE_LANGUAGES, { error: 'validation.required' }),
  });
}

export type PreferencesValues = z.output<ReturnType<typeof createPreferencesSchema>>;
