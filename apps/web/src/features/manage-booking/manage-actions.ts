'use server';

import { cookies } from 'next/headers';
import { z } from 'zod';
import { formatMoney } from '@rentacar/domain/money';
import { localeOrDefault } from '@/i18n/routing';
import { clearCookie, MANAGE_BOOKING_COOKIE, writeCookie } from '@/lib/cookies';
import { signValue } from '@/lib/signed-value';
import { ContentServiceError } from '@/content';
import type { FormIssue } from '@/shared/forms';
import type { BookingIssue } from '@/lib/issues';
import { describeChange, priceChange, reservationSummary, type NoticeMessage } from '@/features/reservations';
import { labelledLines } from '@/features/pricing';
import { cancelWithRefund, changeTerms, changeWithPayment } from '@/features/payments';
import { MANAGE_PURPOSE, readManagedReservation } from './managed-reservation';
import { lookUpReservation } from './reservation-lookup';

/**
 * Manage booking's mutations: find a reservation by number and email (rate-limited per client), then change its dates
 * or branches (priced first, the new price beside the old, then saved with the stock re-checked) or cancel it.
 */

export type ManageResult<Data = undefined> = { ok: true; data?: Data } | { ok: false; errors: Record<string, FormIssue>; formError?: FormIssue };

const SERVICE_DOWN: FormIssue = { message: 'booking.errors.serviceUnavailable' };
const GONE: FormIssue = { message: 'booking.errors.notFound' };

function asIssue(entry: BookingIssue): FormIssue {
  return { message: entry.message, ...(entry.params ? { params: entry.params } : {}) };
}

async function guarded<Data>(action: () => Promise<ManageResult<Data>>): Promise<ManageResult<Data>> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ContentServiceError) return { ok: false, errors: {}, formError: SERVICE_DOWN };
    throw error;
  }
}

export async function lookupReservation(values: unknown): Promise<ManageResult> {
  return guarded(async () => {
    const found = await lookUpReservation(values);
    if (!found.ok) return found;
    writeCookie(await cookies(), MANAGE_BOOKING_COOKIE, signValue(MANAGE_PURPOSE, found.reservation.id));
    return { ok: true };
  });
}

export async function forgetManagedReservation(): Promise<void> {
  clearCookie(await cookies(), MANAGE_BOOKING_COOKIE);
}

const changeSchema = z.object({
  pickupBranch: z.string().trim().min(1).max(64),
  returnBranch: z.string().trim().min(1).max(64),
  pickupAt: z.string().trim().max(32),
  returnAt: z.string().trim().max(32),
});

const CHANGE_FIELDS: Record<string, string> = { pickup_location: 'pickupBranch', return_location: 'returnBranch', pickup_date: 'pickupAt', return_date: 'returnAt' };

export type ChangePreview = {
  currentTotal: string;
  newTotal: string;
  lines: { code: string; label: string; amount: string }[];
  /** What the change does to money paid online: charged to the card, refunded, or due at the counter. */
  payment?: FormIssue;
  values: z.infer<typeof changeSchema>;
};

const DIFFERENCE_MESSAGES = { charge: 'booking.manage.differenceCharge', refund: 'booking.manage.differenceRefund', counter: 'booking.manage.differenceCounter' } as const;

/** Prices a change without saving it: the new total beside the current one. */
export async function previewChange(locale: string, values: unknown): Promise<ManageResult<ChangePreview>> {
  const language = localeOrDefault(locale);
  return guarded(async () => {
    const reservation = await readManagedReservation();
    if (!reservation) return { ok: false, errors: {}, formError: GONE };
    const parsed = changeSchema.safeParse(values);
    if (!parsed.success) return { ok: false, errors: { pickupAt: { message: 'validation.required' } } };
    const priced = await priceChange(reservation, parsed.data);
    if (!priced.ok) {
      const errors: Record<string, FormIssue> = {};
      for (const entry of priced.issues) errors[CHANGE_FIELDS[entry.field] ?? 'pickupAt'] ??= asIssue(entry);
      return { ok: false, errors };
    }
    const terms = await changeTerms(reservation, priced.booking.quote.total);
    const difference = terms.kind === 'none' ? undefined : terms.kind === 'refund' ? 'refund' : terms.method === 'card' && terms.savedMethod ? 'charge' : 'counter';
    return {
      ok: true,
      data: {
        ...(difference ? { payment: { message: DIFFERENCE_MESSAGES[difference], params: { amount: formatMoney(terms.amount, language) } } } : {}),
        currentTotal: formatMoney(reservation.totals.total, language),
        newTotal: formatMoney(priced.booking.quote.total, language),
        lines: labelledLines(priced.booking, language).map((line) => ({ code: line.code, label: line.label, amount: formatMoney(line.amount, language) })),
        values: parsed.data,
      },
    };
  });
}


/** Saves a previewed change, priced again and with the stock re-checked in the content service. */
export async function confirmChange(locale: string, values: unknown): Promise<ManageResult<NoticeMessage>> {
  const language = localeOrDefault(locale);
  return guarded(async () => {
    const reservation = await readManagedReservation();
    if (!reservation) return { ok: false, errors: {}, formError: GONE };
    const parsed = changeSchema.safeParse(values);
    if (!parsed.success) return { ok: false, errors: {}, formError: { message: 'booking.errors.invalidValue' } };
    const priced = await priceChange(reservation, parsed.data);
    if (!priced.ok) return { ok: false, errors: {}, formError: priced.issues[0] ? asIssue(priced.issues[0]) : undefined };
    const saved = await changeWithPayment(reservation, priced.booking);
    if (!saved.ok) return { ok: false, errors: {}, formError: saved.issues[0] ? asIssue(saved.issues[0]) : undefined };
    if (saved.notice.event !== 'changed') throw new Error('a change answered with a cancellation');
    const mailed = saved.delivery === 'sent' || saved.delivery === 'sent-before';
    return { ok: true, data: describeChange(await reservationSummary(saved.reservation, language), saved.notice.money, mailed) };
  });
}

export async function cancelManagedReservation(): Promise<ManageResult> {
  return guarded(async () => {
    const reservation = await readManagedReservation();
    if (!reservation) return { ok: false, errors: {}, formError: GONE };
    const outcome = await cancelWithRefund(reservation);
    if (!outcome.ok) return { ok: false, errors: {}, formError: outcome.issues[0] ? asIssue(outcome.issues[0]) : undefined };
    return { ok: true };
  });
}
