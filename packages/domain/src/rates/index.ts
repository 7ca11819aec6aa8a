import { addDaysToLocalDate, formatPanamaDate, parseLocalDate, type LocalDate } from '../dates';
import { percentOf, type Cents } from '../money';
import type { StockForDates } from '../fleet';

/**
 * Rate plans: what moves a car's daily price away from the brand's one price per day. Seasons (a percentage up or
 * down on the days a season covers), length discounts (a percentage off a long rental's car rental) and demand (a
 * percentage up when a class is nearly sold out at the pickup branch). The quote applies them in the order written in
 * `quote`'s comment; this module says which season, tier and demand step apply.
 */

/**
 * A season of the content service's `rate_seasons`: `starts`..`ends` are Panama dates, both included. `brands` and
 * `carClasses` (the cars' ACRISS `clasificacion`) empty or absent = every brand, every class. `adjustmentPercent` is
 * signed: 20 raises the day's price by 20 %, -15 lowers it by 15 %.
 */
export interface RateSeason {
  name?: string;
  starts: LocalDate;
  ends: LocalDate;
  adjustmentPercent: number;
  brands?: readonly string[] | null;
  carClasses?: readonly string[] | null;
}

/** A length discount of `length_discounts`: `percent` off the car rental of a rental of at least `minDays` days. */
export interface LengthDiscountTier {
  minDays: number;
  percent: number;
  brands?: readonly string[] | null;
}

/** One step of the demand adjustment: from `fromPercent` % of a class's units taken, the price rises `percent` %. */
export interface DemandThreshold {
  fromPercent: number;
  percent: number;
}

/** The brand's demand settings (site config): off unless staff turn them on. */
export interface DemandSettings {
  enabled: boolean;
  thresholds: readonly DemandThreshold[];
  /** The most demand may add, in %, whatever the thresholds say. */
  capPercent: number;
}

/** Site config defaults: demand off, +10 % from 80 % taken, +20 % from 95 %, never more than +25 %. */
export const DEFAULT_DEMAND_THRESHOLDS: readonly DemandThreshold[] = [
  { fromPercent: 80, percent: 10 },
  { fromPercent: 95, percent: 20 },
];
export const DEFAULT_DEMAND_CAP_PERCENT = 25;
export const DEFAULT_DEMAND_SETTINGS: DemandSettings = { enabled: false, thresholds: DEFAULT_DEMAND_THRESHOLDS, capPercent: DEFAULT_DEMAND_CAP_PERCENT };

/** The seed's length discounts: 10 % from 7 days, 20 % from 28 days. */
export const DEFAULT_LENGTH_DISCOUNTS: readonly LengthDiscountTier[] = [
  { minDays: 7, percent: 10 },
  { minDays: 28, percent: 20 },
];

/** Whether a list of brands (or classes) includes `value`: an empty or absent list includes everything. */
function listIncludes(list: readonly string[] | null | undefined, value: string | undefined): boolean {
  if (list === null || list === undefined || list.length === 0) return true;
  return value !== undefined && list.includes(value);
}

const isClassSpecific = (season: RateSeason) => (season.carClasses ?? []).length > 0;

/** Whether `season` is well formed: two real dates in order and a finite percentage above -100. */
export function isValidSeason(season: RateSeason): boolean {
  return (
    parseLocalDate(season.starts) !== null &&
    parseLocalDate(season.ends) !== null &&
    season.starts <= season.ends &&
    Number.isFinite(season.adjustmentPercent) &&
    season.adjustmentPercent > -100
  );
}

/**
 * Whether `season` moves prices at `brand` at all: well formed (isValidSeason) and for that brand (an empty or absent
 * brand list is every brand). What a promotion linked to a season tells about it (the promotions page) is shown only
 * then, so a promotion never announces a change the brand's quotes will not make.
 */
export function seasonAppliesToBrand(season: RateSeason, brand: string): boolean {
  return isValidSeason(season) && listIncludes(season.brands, brand);
}

/**
 * The season that prices a rental day on Panama date `date` for a car of class `carClass` at `brand`: among the
 * seasons covering the date (both ends included) for that brand and class, the most specific one: a season for named
 * classes before one for all classes, then the later start; a tie keeps the first listed. Null when none covers it.
 * A malformed season (see `isValidSeason`) covers nothing.
 */
export function seasonFor(
  seasons: readonly RateSeason[],
  date: LocalDate,
  { brand, carClass }: { brand?: string | undefined; carClass?: string | undefined },
): RateSeason | null {
  let best: RateSeason | null = null;
  for (const season of seasons) {
    if (!isValidSeason(season) || date < season.starts || date > season.ends) continue;
    if (!listIncludes(season.brands, brand) || !listIncludes(season.carClasses, carClass)) continue;
    if (best === null) {
      best = season;
      continue;
    }
    const specific = Number(isClassSpecific(season)) - Number(isClassSpecific(best));
    if (specific > 0 || (specific === 0 && season.starts > best.starts)) best = season;
  }
  return best;
}

/**
 * The Panama dates of a rental's days: the first is the pickup's date, each next one 24 hours later (rental days are
 * 24-hour periods from the pickup, and Panama has no daylight saving).
 */
export function rentalDayDates(pickupAt: Date, days: number): LocalDate[] {
  const first = formatPanamaDate(pickupAt);
  return Array.from({ length: days }, (_, index) => addDaysToLocalDate(first, index));
}

/**
 * The length discount a rental of `days` days gets at `brand`: the tier with the highest `minDays` the rental reaches
 * (`days >= minDays`), or null. Tiers for other brands, and malformed ones (not a whole number of days of at least 1,
 * a percentage outside 0-100), are left out.
 */
export function lengthDiscountFor(tiers: readonly LengthDiscountTier[], days: number, brand?: string): LengthDiscountTier | null {
  let best: LengthDiscountTier | null = null;
  for (const tier of tiers) {
    if (!Number.isSafeInteger(tier.minDays) || tier.minDays < 1 || !Number.isFinite(tier.percent) || tier.percent < 0 || tier.percent > 100) continue;
    if (!listIncludes(tier.brands, brand) || days < tier.minDays) continue;
    if (best === null || tier.minDays > best.minDays || (tier.minDays === best.minDays && tier.percent > best.percent)) best = tier;
  }
  return best;
}

/**
 * The demand adjustment, in %, at `occupancyPercent` % of the class's units taken: 0 when the brand has it off or the
 * occupancy is unknown; else the step of the highest threshold reached (`occupancy >= fromPercent`), never more
 * than the cap.
 */
export function demandPercentFor(settings: DemandSettings | null | undefined, occupancyPercent: number | null | undefined): number {
  if (!settings?.enabled || occupancyPercent === null || occupancyPercent === undefined || !Number.isFinite(occupancyPercent)) return 0;
  let reached: DemandThreshold | null = null;
  for (const threshold of settings.thresholds) {
    if (!Number.isFinite(threshold.fromPercent) || !Number.isFinite(threshold.percent) || threshold.percent <= 0) continue;
    if (occupancyPercent >= threshold.fromPercent && (reached === null || threshold.fromPercent > reached.fromPercent)) reached = threshold;
  }
  if (reached === null) return 0;
  const cap = Number.isFinite(settings.capPercent) ? Math.max(0, settings.capPercent) : DEFAULT_DEMAND_CAP_PERCENT;
  return Math.min(reached.percent, cap);
}

/**
 * How full a class is at the pickup branch for a rental, in % (0-100): the units of every car of class `carClass`
 * that the booking check counts as taken over the rental (`stock`: GET /booking/availability, units and occupied per
 * car for the same branch and dates), over the units of that class there. The booking check counts a reservation
 * that overlaps any part of the rental (plus the turnaround buffer) for the whole of it, so this is the busiest
 * reading of the rental's days, never lower than its busiest day, and reaches 100 % exactly when the class is sold
 * out. Null when the branch has no unit of the class (nothing to measure).
 */
export function classOccupancyPercent(
  stock: Readonly<Record<string, StockForDates>>,
  cars: readonly { id: string; classCode?: string | undefined }[],
  carClass: string,
): number | null {
  let units = 0;
  let taken = 0;
  for (const car of cars) {
    if (car.classCode !== carClass) continue;
    const entry = stock[car.id];
    if (entry === undefined || entry.units <= 0) continue;
    units += entry.units;
    taken += Math.min(Math.max(entry.occupied, 0), entry.units);
  }
  return units === 0 ? null : (taken * 100) / units;
}

export { PRICE_HOLD_MINUTES, confirmsShownTotal, holdApplies, priceChange, priceHoldSchema, termsToPrice, type PriceHold, type RatePlanTerms } from './hold';

/** How far ahead a car's "from" daily price looks when no dates were searched. */
export const FROM_PRICE_DAYS = 30;

/**
 * A car's lowest daily price over the `FROM_PRICE_DAYS` days from `today` (a Panama date, today included), its seasons
 * applied day by day as the quote applies them (the season's % of the daily rate, rounded to the cent). What the fleet
 * and the landing show as "from" without dates; demand and length discounts depend on a rental's dates and length, so
 * they are left to the quote.
 */
export function lowestDailyRate(
  dailyRate: Cents,
  seasons: readonly RateSeason[],
  { brand, carClass, today, days = FROM_PRICE_DAYS }: { brand?: string | undefined; carClass?: string | undefined; today: LocalDate; days?: number },
): Cents {
  let lowest: Cents | null = null;
  for (let index = 0; index < days; index += 1) {
    const season = seasonFor(seasons, addDaysToLocalDate(today, index), { brand, carClass });
    const price = season === null ? dailyRate : dailyRate + percentOf(dailyRate, season.adjustmentPercent);
    if (lowest === null || price < lowest) lowest = price;
  }
  return lowest ?? dailyRate;
}
