import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import type { DropoffFee } from '@rentacar/domain/quote';
import { isValidSeason, type LengthDiscountTier, type RateSeason } from '@rentacar/domain/rates';
import { contentRequest } from './client';
import { cachedContentRead } from './cache';
import { idText as id, localize, optionalText, parseRows, translationRow, type Localized } from './fields';

/**
 * What a quote needs besides the car, the branches and the site config: coverages, extras, delivery options and the
 * drop-off table, read through the tagged cache (a staff edit expires them through the webhook) and reshaped from the
 * content service's field names into the storefront's types.
 */

const cents = z.number().int().nonnegative();

const coverageSchema = z.object({
  id,
  code: z.string(),
  sort: z.number().nullish(),
  daily_rate_sedan: cents.nullish(),
  daily_rate_other: cents.nullish(),
  deductible: cents.nullish(),
  deposit_sedan: cents.nullish(),
  deposit_other: cents.nullish(),
  includes_era: z.boolean().nullish(),
  recommended: z.boolean().nullish(),
  // The m2m `included_extras`, read as its junction rows' extra ids (only rows whose coverage and extra are published).
  included_extras: z.array(z.object({ extras_id: id.nullish() })).nullish(),
  translations: z
    .array(translationRow({ name: optionalText, description: optionalText, benefits: z.array(z.string()).nullish() }))
    .nullish(),
});

export type Coverage = {
  id: string;
  code: string;
  dailyRateSedan: number;
  dailyRateOther: number;
  deductible: number;
  /** The security deposit held at pickup, in cents, for sedans and hatchbacks / every other type (domain coverageDeposit). */
  depositSedan: number;
  depositOther: number;
  includesEra: boolean;
  recommended: boolean;
  /**
   * The codes of the published extras the coverage includes: the quote prices them at zero, and the coverage's
   * benefits list them (staff's free-text `benefits` are other promises).
   */
  includedExtras: string[];
  text: Localized<{ name: string; description: string; benefits: string[] }>;
};

/** A coverage as cached: its included extras by id, resolved to codes against the extras read beside it. */
type CoverageRow = Omit<Coverage, 'includedExtras'> & { includedExtraIds: string[] };

const extraSchema = z.object({
  id,
  code: z.string(),
  daily_rate: cents,
  max_per_rental: cents.nullish(),
  max_quantity: z.number().int().positive().nullish(),
  translations: z.array(translationRow({ name: optionalText, description: optionalText })).nullish(),
});

export type Extra = {
  id: string;
  code: string;
  dailyRate: number;
  maxPerRental: number | undefined;
  maxQuantity: number;
  text: Localized<{ name: string; description: string }>;
};

const deliverySchema = z.object({
  id,
  code: z.string(),
  price: cents.nullish(),
  needs_flight_number: z.boolean().nullish(),
  translations: z.array(translationRow({ name: optionalText, description: optionalText })).nullish(),
});

/**
 * A delivery option: `name` is its short name (the bill's line, the counter), `description` what it is (the extras
 * step); `needsFlightNumber` when it meets the renter's flight (meet & greet), so the booking asks the flight number.
 */
export type DeliveryOption = { id: string; code: string; price: number; name: Localized<string>; description: Localized<string>; needsFlightNumber: boolean };

const dropoffSchema = z.object({ from_branch: id, to_branch: id, fee: cents.nullish() });

const PUBLISHED = { status: { _eq: 'published' } };

// A brand or class list as staff leave it: a JSON list of strings, or empty (null) for all.
const nameList = z.array(z.string()).nullish().transform((list) => list ?? []);
// Directus answers a float as a number; a decimal typed as text is read too.
const number = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);

const seasonSchema = z.object({
  name: z.string().nullish(),
  starts: z.string(),
  ends: z.string(),
  adjustment_percent: number,
  brands: nameList,
  car_classes: nameList,
});

const lengthDiscountSchema = z.object({ min_days: z.number().int().positive(), percent: number, brands: nameList });

async function fetchCoverages(): Promise<CoverageRow[]> {
  const rows = await contentRequest(
    'GET /items/coverages',
    readItems('coverages', { filter: PUBLISHED, fields: ['*', 'translations.*', 'included_extras.extras_id'], sort: ['sort', 'id'], limit: -1 }),
  );
  return parseRows(rows, coverageSchema, 'coverage').map((raw) => ({
    id: raw.id,
    code: raw.code,
    dailyRateSedan: raw.daily_rate_sedan ?? 0,
    dailyRateOther: raw.daily_rate_other ?? 0,
    deductible: raw.deductible ?? 0,
    depositSedan: raw.deposit_sedan ?? 0,
    depositOther: raw.deposit_other ?? 0,
    includesEra: raw.includes_era ?? false,
    recommended: raw.recommended ?? false,
    includedExtraIds: (raw.included_extras ?? []).flatMap((row) => (row.extras_id ? [row.extras_id] : [])),
    text: localize(raw.translations, (row) => ({ name: row.name || raw.code, description: row.description, benefits: row.benefits ?? [] }), {
      name: raw.code,
      description: '',
      benefits: [],
    }),
  }));
}

async function fetchExtras(): Promise<Extra[]> {
  const rows = await contentRequest(
    'GET /items/extras',
    readItems('extras', { filter: PUBLISHED, fields: ['*', 'translations.*'], sort: ['sort', 'id'], limit: -1 }),
  );
  return parseRows(rows, extraSchema, 'extra').map((raw) => ({
    id: raw.id,
    code: raw.code,
    dailyRate: raw.daily_rate,
    maxPerRental: raw.max_per_rental ?? undefined,
    maxQuantity: raw.max_quantity ?? 1,
    text: localize(raw.translations, (row) => ({ name: row.name || raw.code, description: row.description }), { name: raw.code, description: '' }),
  }));
}

async function fetchDeliveryOptions(): Promise<DeliveryOption[]> {
  const rows = await contentRequest(
    'GET /items/delivery_options',
    readItems('delivery_options', { filter: PUBLISHED, fields: ['*', 'translations.*'], sort: ['sort', 'id'], limit: -1 }),
  );
  return parseRows(rows, deliverySchema, 'delivery option').map((raw) => ({
    id: raw.id,
    code: raw.code,
    price: raw.price ?? 0,
    // An option staff left unnamed in a language is named by its code there, as extras and coverages are.
    name: localize(raw.translations, (row) => row.name || raw.code, raw.code),
    description: localize(raw.translations, (row) => row.description, raw.code),
    needsFlightNumber: raw.needs_flight_number ?? false,
  }));
}

async function fetchDropoffFees(): Promise<DropoffFee[]> {
  const rows = await contentRequest(
    'GET /items/dropoff_fees',
    readItems('dropoff_fees', { fields: ['from_branch', 'to_branch', 'fee'], limit: -1 }),
  );
  return parseRows(rows, dropoffSchema, 'drop-off fee').map((raw) => ({ fromBranch: raw.from_branch, toBranch: raw.to_branch, fee: raw.fee ?? 0 }));
}

/**
 * The published seasons (`rate_seasons`), each a date range whose days' car prices move by a percentage. Directus
 * answers a date field as `YYYY-MM-DD`; a row the domain could not price with (dates out of order, -100 % or less)
 * is left out rather than priced wrongly.
 */
async function fetchRateSeasons(): Promise<RateSeason[]> {
  const rows = await contentRequest(
    'GET /items/rate_seasons',
    readItems('rate_seasons', { filter: PUBLISHED, fields: ['name', 'starts', 'ends', 'adjustment_percent', 'brands', 'car_classes'], sort: ['starts', 'id'], limit: -1 }),
  );
  return parseRows(rows, seasonSchema, 'rate season')
    .map((raw) => ({
      name: raw.name ?? '',
      starts: raw.starts.slice(0, 10),
      ends: raw.ends.slice(0, 10),
      adjustmentPercent: raw.adjustment_percent,
      brands: raw.brands,
      carClasses: raw.car_classes,
    }))
    .filter(isValidSeason);
}

/** The published length discounts (`length_discounts`). */
async function fetchLengthDiscounts(): Promise<LengthDiscountTier[]> {
  const rows = await contentRequest(
    'GET /items/length_discounts',
    readItems('length_discounts', { filter: PUBLISHED, fields: ['min_days', 'percent', 'brands'], sort: ['min_days', 'id'], limit: -1 }),
  );
  return parseRows(rows, lengthDiscountSchema, 'length discount').map((raw) => ({ minDays: raw.min_days, percent: raw.percent, brands: raw.brands }));
}

const cachedCoverages = cachedContentRead(fetchCoverages, 'coverages');
const cachedExtras = cachedContentRead(fetchExtras, 'extras');
const cachedDeliveryOptions = cachedContentRead(fetchDeliveryOptions, 'deliveryOptions', 'delivery-options');
const cachedDropoffFees = cachedContentRead(fetchDropoffFees, 'dropoffFees', 'dropoff-fees');
const cachedRateSeasons = cachedContentRead(fetchRateSeasons, 'rateSeasons', 'rate-seasons');
const cachedLengthDiscounts = cachedContentRead(fetchLengthDiscounts, 'lengthDiscounts', 'length-discounts');

export type BookingCatalog = {
  coverages: Coverage[];
  extras: Extra[];
  deliveryOptions: DeliveryOption[];
  dropoffFees: DropoffFee[];
  /** The rate plans: published seasons and length discounts, for every brand (the quote keeps the brand's). */
  seasons: RateSeason[];
  lengthDiscounts: LengthDiscountTier[];
};

/** Everything a quote reads besides the fleet, the branches and the site config, from the tagged cache. */
export async function getBookingCatalog(): Promise<BookingCatalog> {
  const [coverages, extras, deliveryOptions, dropoffFees, seasons, lengthDiscounts] = await Promise.all([
    cachedCoverages(),
    cachedExtras(),
    cachedDeliveryOptions(),
    cachedDropoffFees(),
    cachedRateSeasons(),
    cachedLengthDiscounts(),
  ]);
  return { coverages: coverages.map((coverage) => withIncludedExtras(coverage, extras)), extras, deliveryOptions, dropoffFees, seasons, lengthDiscounts };
}

/** A cached coverage with its included extras as codes; an extra no longer published is left out (it is not offered). */
function withIncludedExtras({ includedExtraIds, ...coverage }: CoverageRow, extras: readonly Extra[]): Coverage {
  const codes = includedExtraIds.flatMap((extraId) => extras.find((extra) => extra.id === extraId)?.code ?? []);
  return { ...coverage, includedExtras: [...new Set(codes)] };
}
