// zod/mini: these schemas also run in the browser, where the classic API would cost the booking steps about 20 KB.
import { z } from 'zod/mini';
import {
  DEFAULT_SAME_DAY_NOTICE_HOURS,
  isBeforeDisabledUntil,
  isOnSlot,
  isOpenAt,
  isSameDayNoticeOk,
  parseLocalDate,
  parsePanamaDateTime,
  type LocalDate,
  type OpeningHours,
} from '../dates';
import { isBookableForDays } from '../fleet';
import { MAXIMUM_RENTAL_DAYS, rentalDays } from '../rental-days';
import { ageOnDate, DEFAULT_MINIMUM_RENTER_AGE } from './age';
import { cardDigits, cardExpiryStatus, isValidCardNumber } from './card';
import type { ValidationMessageKey } from './messages';
import { normalizePhoneByShape } from './phone-format';

type Issue = { message: ValidationMessageKey; params?: Record<string, unknown> };

const REQUIRED: ValidationMessageKey = 'validation.required';

type TextCheck = (value: string) => Issue | ValidationMessageKey | null;

/** The first rule a trimmed required text breaks (empty, longer than `maxLength`, then `check`), or null. */
function requiredTextIssue(value: string, maxLength: number, check?: TextCheck): Issue | null {
  const found: Issue | ValidationMessageKey | null = value === '' ? REQUIRED : value.length > maxLength ? 'validation.tooLong' : (check?.(value) ?? null);
  return found === null ? null : typeof found === 'string' ? { message: found } : found;
}

/**
 * A trimmed string that is required, whose remaining rules live in `check`: each field reports at most one key,
 * the first rule it breaks, which is what a form shows under the field.
 */
export function requiredText(maxLength: number, check?: TextCheck) {
  return z.string({ error: REQUIRED }).check(
    z.trim(),
    z.superRefine((value, ctx) => {
      const issue = requiredTextIssue(value, maxLength, check);
      if (issue !== null) ctx.addIssue({ code: 'custom', message: issue.message, ...(issue.params ? { params: issue.params } : {}) });
    }),
  );
}

export interface ClientFormContext {
  /** The pickup date (Panama `YYYY-MM-DD` or an instant): the renter's age counts on that day. */
  pickupDate: LocalDate | Date;
  minimumAge?: number;
  /**
   * The phone check: by default Panama's rule and the E.164 shape (no numbering metadata, light enough for the
   * browser); the server passes `normalizePhone` (phone.ts), which also checks foreign numbers with libphonenumber.
   */
  normalizePhone?: (value: string) => string | null;
}

/** Renter details. `phone` comes out in E.164; `termsAccepted` must be exactly true. */
export function createClientFormSchema(context: ClientFormContext) {
  const minimumAge = context.minimumAge ?? DEFAULT_MINIMUM_RENTER_AGE;
  const normalizePhone = context.normalizePhone ?? normalizePhoneByShape;
  return z.object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: z.pipe(requiredText(254), z.email({ error: 'validation.email' })),
    phone: z.pipe(
      requiredText(32, (value) => (normalizePhone(value) === null ? 'validation.phone' : null)),
      z.transform((value: string) => normalizePhone(value) ?? value),
    ),
    birthday: requiredText(32, (value) => {
      if (parseLocalDate(value) === null) {
        return 'validation.date';
      }
      const age = ageOnDate(value, context.pickupDate);
      // Over 120 is a typo in the year, not a renter.
      if (age > 120) {
        return 'validation.date';
      }
      return age < minimumAge ? { message: 'validation.minAge', params: { minimumAge } } : null;
    }),
    license: requiredText(40),
    termsAccepted: z.literal(true, { error: 'validation.termsRequired' }),
  });
}

export type ClientFormInput = z.input<ReturnType<typeof createClientFormSchema>>;
export type ClientFormValues = z.output<ReturnType<typeof createClientFormSchema>>;

const branchId = z.union(
  [z.string({ error: REQUIRED }).check(z.trim(), z.minLength(1, { error: REQUIRED })), z.int({ error: REQUIRED })],
  { error: REQUIRED },
);

export interface LocationFormContext {
  /** Defaults to the moment of validation, so one schema instance can live for a whole session. */
  now?: Date;
  /** The branch's opening hours; undefined or null skips the opening-hours check for that branch. */
  hoursFor?: (branchId: string) => OpeningHours | null | undefined;
  disableReservationsUntil?: string | null;
  sameDayNoticeHours?: number;
  /** The chosen car's minimum days (see `minimumDays`), once a car is known. */
  minimumDays?: number;
  /** The longest rental booked online; `MAXIMUM_RENTAL_DAYS` unless given. */
  maximumDays?: number;
}

/** A rental of `days` below the car's minimum or above the online maximum: the refusal and its `days` parameter. */
function rentalLengthIssue(days: number, minimum: number | undefined, maximum: number): { message: ValidationMessageKey; params: { days: number } } | null {
  if (minimum !== undefined && !isBookableForDays(minimum, days)) {
    return { message: 'validation.minimumDays', params: { days: minimum } };
  }
  return days > maximum ? { message: 'validation.maximumDays', params: { days: maximum } } : null;
}

/** The location form's values once each is read: the branches' ids and the date-times as typed. */
export interface LocationValues {
  pickupBranchId: string | number;
  returnBranchId: string | number;
  pickupDate: string;
  returnDate: string;
}

/** A broken location rule, under the date field the form shows it at. */
export interface LocationIssue {
  path: 'pickupDate' | 'returnDate';
  message: ValidationMessageKey;
  params?: Record<string, number>;
}

const DATE_TIME_MAX_LENGTH = 32;
const dateTimeCheck: TextCheck = (value) => (parsePanamaDateTime(value) === null ? 'validation.dateTime' : null);

/**
 * The rules across the fields, on trimmed values: a pickup not in the past, with same-day notice, not before
 * `disable_reservations_until`, on a slot inside its branch's hours; a return after the pickup, on a slot inside its
 * branch's hours, meeting the car's minimum days and the longest online rental. A date that does not parse is left to
 * its field's own rule.
 */
function locationRuleIssues(values: LocationValues, context: LocationFormContext): LocationIssue[] {
  const issues: LocationIssue[] = [];
  const now = context.now ?? new Date();
  const pickup = parsePanamaDateTime(values.pickupDate);
  const returnAt = parsePanamaDateTime(values.returnDate);
  const slotIssue = (value: string, id: string | number): ValidationMessageKey | null => {
    if (!isOnSlot(value)) {
      return 'validation.timeSlot';
    }
    const hours = context.hoursFor?.(String(id));
    return hours !== null && hours !== undefined && !isOpenAt(hours, value) ? 'validation.branchClosed' : null;
  };

  if (pickup !== null) {
    const noticeHours = context.sameDayNoticeHours ?? DEFAULT_SAME_DAY_NOTICE_HOURS;
    const message: ValidationMessageKey | null =
      pickup.getTime() < now.getTime()
        ? 'validation.pickupInPast'
        : isBeforeDisabledUntil(pickup, context.disableReservationsUntil)
          ? 'validation.disabledUntil'
          : !isSameDayNoticeOk(pickup, now, noticeHours)
            ? 'validation.minimumNotice'
            : slotIssue(values.pickupDate, values.pickupBranchId);
    if (message !== null) {
      issues.push(message === 'validation.minimumNotice' ? { path: 'pickupDate', message, params: { hours: noticeHours } } : { path: 'pickupDate', message });
    }
  }

  if (returnAt !== null) {
    const days = pickup !== null && returnAt.getTime() > pickup.getTime() ? rentalDays(pickup, returnAt) : null;
    const slot = slotIssue(values.returnDate, values.returnBranchId);
    const length = days === null ? null : rentalLengthIssue(days, context.minimumDays, context.maximumDays ?? MAXIMUM_RENTAL_DAYS);
    if (pickup !== null && days === null) {
      issues.push({ path: 'returnDate', message: 'validation.returnBeforePickup' });
    } else if (slot !== null) {
      issues.push({ path: 'returnDate', message: slot });
    } else if (length !== null) {
      issues.push({ path: 'returnDate', message: length.message, params: length.params });
    }
  }
  return issues;
}

/**
 * Where and when: branch ids and Panama `YYYY-MM-DDTHH:mm` date-times on 30-minute slots inside the branch's
 * hours, a pickup not in the past, with same-day notice, not before `disable_reservations_until`, and a return
 * after the pickup that meets the car's minimum days and stays within the longest rental booked online.
 */
export function createLocationFormSchema(context: LocationFormContext = {}) {
  return z
    .object({
      pickupBranchId: branchId,
      returnBranchId: branchId,
      pickupDate: requiredText(DATE_TIME_MAX_LENGTH, dateTimeCheck),
      returnDate: requiredText(DATE_TIME_MAX_LENGTH, dateTimeCheck),
    })
    .check(
      z.superRefine((values, ctx) => {
        for (const { path, message, params } of locationRuleIssues(values, context)) {
          ctx.addIssue({ code: 'custom', path: [path], message, ...(params ? { params } : {}) });
        }
      }),
    );
}

/**
 * The date rules of the location form without its schema, for a server that already found both branches: the same
 * issues in the same order as `createLocationFormSchema(context)` reports for these values (each date field's own rule,
 * then the rules across fields), at a fraction of a schema's cost: a quote checks them on every request.
 */
export function locationFormIssues(values: LocationValues, context: LocationFormContext = {}): LocationIssue[] {
  const trimmed = { ...values, pickupDate: values.pickupDate.trim(), returnDate: values.returnDate.trim() };
  const issues: LocationIssue[] = [];
  for (const path of ['pickupDate', 'returnDate'] as const) {
    const issue = requiredTextIssue(trimmed[path], DATE_TIME_MAX_LENGTH, dateTimeCheck);
    // Required, too long or not a date-time: none of them has parameters.
    if (issue !== null) issues.push({ path, message: issue.message });
  }
  issues.push(...locationRuleIssues(trimmed, context));
  return issues;
}

export type LocationFormValues = z.output<ReturnType<typeof createLocationFormSchema>>;

const COUPON_CODE = /^[A-Z0-9-]{3,32}$/;

/** A coupon code as typed: trimmed, upper-cased, 3–32 of A–Z, 0–9 and hyphen. */
export const couponCodeSchema = z.string({ error: REQUIRED }).check(
  z.trim(),
  z.toUpperCase(),
  z.superRefine((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: REQUIRED });
    } else if (!COUPON_CODE.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.couponCode' });
    }
  }),
);

export const coverageSelectionSchema = z.object({
  coverageId: z.union(
    [
      z.string({ error: 'validation.coverageRequired' }).check(z.trim(), z.minLength(1, { error: 'validation.coverageRequired' })),
      z.int({ error: 'validation.coverageRequired' }),
    ],
    { error: 'validation.coverageRequired' },
  ),
  era: z.optional(z.boolean()),
});

export type CoverageSelection = z.output<typeof coverageSelectionSchema>;

export interface CardFormContext {
  /** Defaults to the moment of validation. */
  now?: Date;
}

/**
 * The card form, for the browser only: its values go straight to the gateway's tokeniser and never to our server.
 * `number` comes out as bare digits.
 */
export function createCardFormSchema(context: CardFormContext = {}) {
  return z.object({
    name: requiredText(100),
    number: z.pipe(
      requiredText(40, (value) => (isValidCardNumber(value) ? null : 'validation.cardNumber')),
      z.transform((value: string) => cardDigits(value)),
    ),
    expiration: requiredText(16, (value) => {
      const status = cardExpiryStatus(value, context.now ?? new Date());
      return status === 'valid' ? null : status === 'expired' ? 'validation.cardExpired' : 'validation.cardExpiryInvalid';
    }),
    cvv: requiredText(16, (value) => (/^\d{3,4}$/.test(value) ? null : 'validation.cvv')),
  });
}

export type CardFormValues = z.output<ReturnType<typeof createCardFormSchema>>;

/**
 * What the storefront's own page asks beside the gateway's card fields: the holder's name. The number, expiry and CVV
 * are checked by the same rules inside the gateway's frame (createCardFormSchema documents them for both).
 */
export const cardHolderFormSchema = z.object({ holder: requiredText(100) });

export type CardHolderValues = z.output<typeof cardHolderFormSchema>;
