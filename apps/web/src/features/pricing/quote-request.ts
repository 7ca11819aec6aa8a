import { z } from 'zod';
import { RESERVATION_TYPES, type ReservationType } from '@rentacar/domain/quote';
import type { CorporateBooking } from '@/content';

/**
 * The public booking API's quote request (snake_case, as documented in docs/booking-api.md) and its translation into a
 * BookingSelection, the one shape the server prices and books (a reservation's request is this one and its renter:
 * features/reservations). Unknown keys are dropped: a `total` or `price` sent by a browser is never read. Field rules
 * that need content (opening hours, minimum days, age on the pickup date) are checked by pricing.ts, which reports
 * them under these same field names.
 */

const MAX_ID_LENGTH = 64;

/** An id as JSON numbers or strings carry it; a branch may also be given by its code (e.g. `PTY`). */
const idLike = z
  .union([z.number().int().nonnegative(), z.string().trim().min(1).max(MAX_ID_LENGTH)], { error: 'required' })
  .transform(String);

const localDateTime = z.string({ error: 'required' }).trim().max(32);

export const extraSelectionSchema = z.object({
  code: z.string().trim().min(1).max(40),
  quantity: z.number().int().min(0).max(10),
});

export const quoteRequestSchema = z.object({
  car_id: idLike,
  pickup_location: idLike,
  return_location: idLike,
  pickup_date: localDateTime,
  return_date: localDateTime,
  coverage_id: idLike,
  era: z.boolean().default(false),
  delivery_option_id: idLike.nullish(),
  reservation_type: z.enum(RESERVATION_TYPES).default('postpaid'),
  coupon: z.string().trim().max(40).nullish(),
  extras: z.array(extraSelectionSchema).max(20).default([]),
  /** Optional on a quote: with it, the young-driver fee of the renter's age band is included. */
  birthday: z.string().trim().max(32).nullish(),
  /**
   * Optional: the renter's age on the pickup date as the search asked it (an age band's lowest age), until the
   * birthday is known; with it, the young-driver fee of that age is included. The birthday wins when both are given.
   */
  driver_age: z.number().int().min(16).max(120).nullish(),
});

export const couponValidationSchema = quoteRequestSchema.extend({ code: z.string().trim().min(1).max(40) }).omit({ coupon: true });

/** What the renter chose, in the storefront's own names: the input of pricing and booking. */
export type BookingSelection = {
  carId: string;
  pickupBranch: string;
  returnBranch: string;
  pickupAt: string;
  returnAt: string;
  coverageId: string | undefined;
  era: boolean;
  extras: { code: string; quantity: number }[];
  deliveryOptionId: string | undefined;
  reservationType: ReservationType;
  couponCode: string | undefined;
  /** The renter's birthday (`YYYY-MM-DD`) once known: it picks the young-driver band. */
  birthday: string | undefined;
  /** The arrival flight the renter gave, for a delivery option that meets it (meet & greet); it does not change the price. */
  flightNumber?: string | undefined;
  /**
   * The renter's age as the search asked it (the lowest age of the chosen band), until the birthday is known: it
   * picks the young-driver band meanwhile, so the first price already has the fee. Absent = not asked (no fee).
   */
  driverAge?: number | undefined;
  /**
   * Booked by a signed-in corporate agent: their company's negotiated rate applies. Set only by the server from the
   * agent's session (or a saved corporate reservation), never from what a browser or API caller sends.
   */
  corporate?: CorporateBooking | undefined;
};

/** API field names of a selection, to report each rule where the caller sent the value. */
export const SELECTION_FIELDS = {
  carId: 'car_id',
  pickupBranch: 'pickup_location',
  returnBranch: 'return_location',
  pickupAt: 'pickup_date',
  returnAt: 'return_date',
  coverageId: 'coverage_id',
  extras: 'extras',
  deliveryOptionId: 'delivery_option_id',
  flightNumber: 'flight_number',
  couponCode: 'coupon',
  birthday: 'birthday',
  driverAge: 'driver_age',
} as const satisfies Partial<Record<keyof BookingSelection, string>>;

export type SelectionField = (typeof SELECTION_FIELDS)[keyof typeof SELECTION_FIELDS];

const EXTRA_FIELD_PREFIX = `${SELECTION_FIELDS.extras}.`;

/** The extra a pricing issue is about (`extras.<code>`), or undefined for any other field. */
export function extraCodeOf(field: string): string | undefined {
  return field.startsWith(EXTRA_FIELD_PREFIX) ? field.slice(EXTRA_FIELD_PREFIX.length) : undefined;
}

export function selectionFromQuoteRequest(body: z.output<typeof quoteRequestSchema>): BookingSelection {
  return {
    carId: body.car_id,
    pickupBranch: body.pickup_location,
    returnBranch: body.return_location,
    pickupAt: body.pickup_date,
    returnAt: body.return_date,
    coverageId: body.coverage_id,
    era: body.era,
    extras: body.extras,
    deliveryOptionId: body.delivery_option_id ?? undefined,
    reservationType: body.reservation_type,
    couponCode: body.coupon?.trim() ? body.coupon.trim() : undefined,
    birthday: body.birthday?.trim() ? body.birthday.trim() : undefined,
    driverAge: body.driver_age ?? undefined,
  };
}
