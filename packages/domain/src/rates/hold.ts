import { z } from 'zod';
import type { Cents } from '../money';
import type { DemandSettings, LengthDiscountTier, RateSeason } from './index';

/**
 * The price hold: the price shown is the price charged. A booking in progress keeps the rate plans (seasons, length
 * discounts, demand step) its quote was shown with for `PRICE_HOLD_MINUTES`; within that time a change of season, tier
 * or demand does not reach it. After it, the booking is priced by the rules of the moment, and a total that moved is
 * shown to the renter, who confirms it before anything is booked or charged. A confirmed booking keeps its saved price.
 * The renter's own choices (coverage, extras, a coupon, the way to pay) are never held: they reprice at once.
 */
export const PRICE_HOLD_MINUTES = 30;
const PRICE_HOLD_MS = PRICE_HOLD_MINUTES * 60 * 1000;

/** The rate-plan terms of a quote: what a hold keeps (the quote's `seasons`, `lengthDiscounts` and `demand`). */
export interface RatePlanTerms {
  seasons: readonly RateSeason[];
  lengthDiscounts: readonly LengthDiscountTier[];
  demand: { settings: DemandSettings; occupancyPercent: number | null } | null;
}

/** A hold as a draft stores it: when it started (ISO instant) and the terms it keeps. */
export interface PriceHold {
  heldAt: string;
  terms: RatePlanTerms;
}

const brandsSchema = z.array(z.string()).readonly().nullable().optional();

/** A stored hold, checked when read back (a hold of another shape is no hold: the booking prices by today's rules). */
export const priceHoldSchema = z.object({
  heldAt: z.iso.datetime(),
  terms: z.object({
    seasons: z
      .array(
      z.object({
        name: z.string().optional(),
        starts: z.string(),
        ends: z.string(),
        adjustmentPercent: z.number(),
        brands: brandsSchema,
        carClasses: brandsSchema,
      }),
      )
      .readonly(),
    lengthDiscounts: z.array(z.object({ minDays: z.number(), percent: z.number(), brands: brandsSchema })).readonly(),
    demand: z
      .object({
        settings: z.object({ enabled: z.boolean(), thresholds: z.array(z.object({ fromPercent: z.number(), percent: z.number() })).readonly(), capPercent: z.number() }),
        occupancyPercent: z.number().nullable(),
      })
      .nullable(),
  }),
});

/** Whether `hold` still applies at `now`: from its start up to and including `PRICE_HOLD_MINUTES` later. */
export function holdApplies(hold: PriceHold | null | undefined, now: Date): boolean {
  if (!hold) return false;
  const elapsed = now.getTime() - Date.parse(hold.heldAt);
  return Number.isFinite(elapsed) && elapsed >= 0 && elapsed <= PRICE_HOLD_MS;
}

/**
 * The terms a booking is priced by at `now`: the hold's while it applies, else today's (`current`), held from `now`.
 * `hold` is the one to keep in the draft afterwards (the same object when it still applies).
 */
export function termsToPrice(hold: PriceHold | null | undefined, current: RatePlanTerms, now: Date): { terms: RatePlanTerms; hold: PriceHold; held: boolean } {
  if (hold && holdApplies(hold, now)) return { terms: hold.terms, hold, held: true };
  return { terms: current, hold: { heldAt: now.toISOString(), terms: current }, held: false };
}

/**
 * The notice a renter gets when a hold ended and the rules of the moment price the same booking differently: the total
 * they were shown (`before`, priced with the ended hold's terms) and the one they would pay now (`after`). None when
 * the total did not move.
 */
export function priceChange(before: Cents, after: Cents): { before: Cents; after: Cents } | null {
  return before === after ? null : { before, after };
}

/**
 * Whether a booking may be confirmed (or paid) at `charged`: only when it is the total the renter's page showed. A
 * renter who has not seen the new total is shown it instead, and confirms again.
 */
export function confirmsShownTotal(shown: Cents | null | undefined, charged: Cents): boolean {
  return shown !== null && shown !== undefined && shown === charged;
}
