import type { Messages } from 'next-intl';
import type { ValidationMessageKey } from '@rentacar/domain/validation';
import type { Locale } from '@/i18n/routing';
import { serverTranslator } from '@/i18n/server-translator';

/** Keys of the booking flow's own error messages (`booking.errors.*` in the catalogues). */
export type BookingErrorKey = keyof Messages['booking']['errors'];

/** Keys of the pre-check-in's own error messages (`precheckin.errors.*`). */
export type PrecheckinErrorKey = keyof Messages['precheckin']['errors'];

/** Keys of the job applications' own error messages (`jobs.errors.*`). */
export type JobsErrorKey = keyof Messages['jobs']['errors'];

/** Keys of the counter's actions' error messages (`counterActions.errors.*`). */
export type CounterActionsErrorKey = keyof Messages['counterActions']['errors'];

/** Keys of the counter's own error messages (`counter.errors.*`). */
export type CounterErrorKey = keyof Messages['counter']['errors'];

export type IssueMessage =
  | ValidationMessageKey
  | `booking.errors.${BookingErrorKey}`
  | `precheckin.errors.${PrecheckinErrorKey}`
  | `jobs.errors.${JobsErrorKey}`
  | `counterActions.errors.${CounterActionsErrorKey}`
  | `counter.errors.${CounterErrorKey}`;

/**
 * Something wrong with a booking request, reported on the field the caller sent (`car_id`, `pickup_date`,
 * `client.birthday`...). `code` is stable for programs; `message` is a catalogue key, translated at the edge.
 */
export type BookingIssue = {
  field: string;
  code: string;
  message: IssueMessage;
  params?: Record<string, string | number>;
};

/** A translated issue, as the API answers it: `{ field, code, message }`. */
export type ApiError = { field: string; code: string; message: string };

/** `validation.minAge` → `min_age`: the stable code of a catalogue key. */
export function codeOfMessage(key: string): string {
  const last = key.slice(key.lastIndexOf('.') + 1);
  return last.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function issue(field: string, message: IssueMessage, params?: Record<string, string | number>, code?: string): BookingIssue {
  return { field, code: code ?? codeOfMessage(message), message, ...(params ? { params } : {}) };
}

/** The issues in the renter's language. */
export function translateIssues(issues: readonly BookingIssue[], locale: Locale): ApiError[] {
  const t = serverTranslator(locale);
  return issues.map((entry) => ({ field: entry.field, code: entry.code, message: t(entry.message, entry.params) }));
}
