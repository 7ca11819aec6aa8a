import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { z } from 'zod';
import { RESERVATION_TYPES } from '@rentacar/domain/quote';
import { priceHoldSchema } from '@rentacar/domain/rates';
import { signValue, verifySignedValue } from '@/lib/signed-value';
import { readCookie, RESERVATION_DRAFT_COOKIE, writeCookie, type CookieReader, type CookieWriter } from '@/lib/cookies';
import { createDraft, readDraft, saveDraft } from '@/content';

/**
 * The renter's booking in progress lives on the server (a draft in the content service, so every storefront instance
 * sees it and a restart loses nothing). The browser holds only the draft's random id, signed with SESSION_SECRET, in
 * an http-only cookie: never a price, and nothing it could edit to change one.
 */

const DRAFT_LIFETIME_MS = RESERVATION_DRAFT_COOKIE.maxAge * 1000;

export const draftClientSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  birthday: z.string(),
  license: z.string(),
});
export type DraftClient = z.infer<typeof draftClientSchema>;

export const BOOKING_STEPS = ['location', 'coverage', 'extras', 'client'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

export const draftDataSchema = z.object({
  carId: z.string(),
  pickupBranch: z.string(),
  returnBranch: z.string(),
  pickupAt: z.string(),
  returnAt: z.string(),
  reservationType: z.enum(RESERVATION_TYPES).default('postpaid'),
  coverageId: z.string().optional(),
  era: z.boolean().default(false),
  extras: z.array(z.object({ code: z.string(), quantity: z.number().int().nonnegative() })).default([]),
  deliveryOptionId: z.string().optional(),
  /** The arrival flight (normalized), kept with a delivery option that meets it. */
  flightNumber: z.string().optional(),
  couponCode: z.string().optional(),
  /**
   * The driver's age band the search asked (its lowest age): priced with until the birthday is known, so the fleet's
   * price and the flow's agree (domain `driverAgeBands`). Absent = not asked.
   */
  driverAge: z.number().int().optional().catch(undefined),
  /**
   * The totals before and after the birthday put the renter in another age band than the search asked: told to the
   * renter (once) beside the price that changed. Absent when the ages agree.
   */
  ageBandChange: z.object({ age: z.number().int(), before: z.number().int(), after: z.number().int() }).optional().catch(undefined),
  client: draftClientSchema.optional(),
  termsAccepted: z.boolean().default(false),
  /** Steps the renter has completed, so a later step cannot be opened before them. */
  completed: z.array(z.enum(BOOKING_STEPS)).default([]),
  /** The reservation, once saved (its `reservation_id`). `done` when the flow is over (thanks page). */
  reservation: z.object({ id: z.string(), number: z.string(), done: z.boolean() }).optional(),
  /** The idempotency key of the confirmation, so a double click or a retry books once. */
  confirmationKey: z.string().optional(),
  /**
   * How the renter pays: at the counter (postpaid), or now by card or PayPal (prepaid, the prepaid price). None until
   * the renter chooses at checkout: each costs a different price, so none is chosen for them.
   */
  paymentMethod: z.enum(['counter', 'card', 'paypal']).optional(),
  /** The payment attempt in progress (3-D Secure window, PayPal approval), by its idempotency key. */
  payment: z.object({ key: z.string(), provider: z.string() }).optional(),
  /** Started by a signed-in corporate agent: their company's rate applies while they stay signed in. */
  corporate: z.object({ companyId: z.string(), agentId: z.string() }).optional(),
  /**
   * The price hold (domain `rates`' hold): the rate plans the checkout showed the total with, and since when. Started
   * by the checkout; while it applies every price of the draft uses its terms. One of another shape is dropped (the
   * draft then prices by the rules of the moment), never the draft.
   */
  priceHold: priceHoldSchema.optional().catch(undefined),
});
export type DraftData = z.infer<typeof draftDataSchema>;

export type BookingDraft = { id: string; data: DraftData };

const DRAFT_PURPOSE = 'reservation_draft';

/** A draft gone (expired, removed by staff, from another database) or no longer of this shape: the renter starts again. */
async function loadDraft(id: string): Promise<BookingDraft | undefined> {
  const stored = await readDraft(id);
  if (!stored) return undefined;
  const data = draftDataSchema.safeParse(stored.data);
  return data.success ? { id: stored.id, data: data.data } : undefined;
}

/** The renter's draft from the cookie, read once per request; undefined when absent, forged or expired. */
export const readBookingDraft = cache(async (): Promise<BookingDraft | undefined> => readBookingDraftFrom(await cookies()));

/** The draft `id` as it is saved now (not the copy read earlier in this request). */
export function rereadBookingDraft(id: string): Promise<BookingDraft | undefined> {
  return loadDraft(id);
}

/** The draft the cookies in `jar` point at (a request's, in the proxy), read now; undefined when absent, forged or expired. */
export async function readBookingDraftFrom(jar: CookieReader): Promise<BookingDraft | undefined> {
  const id = verifySignedValue(DRAFT_PURPOSE, readCookie(jar, RESERVATION_DRAFT_COOKIE));
  return id === undefined ? undefined : loadDraft(id);
}

function expiry(): Date {
  return new Date(Date.now() + DRAFT_LIFETIME_MS);
}

/** Starts a new draft and points the renter's cookie at it (a server action or route handler's cookies). */
export async function createBookingDraft(data: DraftData, jar: CookieWriter): Promise<BookingDraft> {
  const id = await createDraft(data, expiry());
  writeCookie(jar, RESERVATION_DRAFT_COOKIE, signValue(DRAFT_PURPOSE, id));
  return { id, data };
}

export async function saveBookingDraft(draft: BookingDraft): Promise<void> {
  await saveDraft(draft.id, draft.data, expiry());
}
