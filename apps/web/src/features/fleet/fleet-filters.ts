import { decodePathSegment } from '@/lib/path-segment';
import { FLEET_FILTER_PARAMS, FLEET_SORT_VALUES } from '@/lib/public-urls';
import { slugify } from '@/lib/slug';

/**
 * Fleet filters (a car type, a make) and the sort order live in the public URL as query parameters
 * (FLEET_FILTER_PARAMS); internally they are path segments of the same names, so each combination is cached as its
 * own page.
 */
export const FILTER_KEYS = ['type', 'make', 'sort'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FleetFilters = Partial<Record<FilterKey, string>>;

/** The filters' names in addresses, in their fixed order. */
export const FILTER_PARAMS: readonly string[] = FILTER_KEYS.map((key) => FLEET_FILTER_PARAMS[key]);

function filterKeyOfParam(param: string | undefined): FilterKey | undefined {
  return FILTER_KEYS.find((key) => FLEET_FILTER_PARAMS[key] === param);
}

const VALUE_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** How the fleet can be sorted: by price (the default, cheapest first), by passengers or by luggage (most first). */
export type FleetSort = keyof typeof FLEET_SORT_VALUES;
export const FLEET_SORTS = Object.keys(FLEET_SORT_VALUES) as FleetSort[];

/** The sort a filter set asks (`orden=pasajeros` → passengers), price when none or an unknown one. */
export function sortOf(filters: FleetFilters): FleetSort {
  return FLEET_SORTS.find((sort) => FLEET_SORT_VALUES[sort] === filters.sort) ?? 'price';
}

function isValidValue(key: FilterKey, value: string): boolean {
  if (!VALUE_PATTERN.test(value)) return false;
  return key !== 'sort' || (Object.values(FLEET_SORT_VALUES) as string[]).includes(value);
}

/**
 * Cars in the asked order: `price` by `priceOf` (the offer's total for a search with dates, else the daily rate),
 * passengers and luggage most first, each tie in price order. A car without a price goes last.
 */
export function sortCars<Car extends { passengers?: number | null; bags?: number | null }>(cars: readonly Car[], sort: FleetSort, priceOf: (car: Car) => number | null | undefined): Car[] {
  const price = (car: Car) => priceOf(car) ?? Number.POSITIVE_INFINITY;
  const byPrice = (a: Car, b: Car) => price(a) - price(b);
  const most = (count: (car: Car) => number | null | undefined) => (a: Car, b: Car) => (count(b) ?? 0) - (count(a) ?? 0) || byPrice(a, b);
  const compare = sort === 'passengers' ? most((car) => car.passengers) : sort === 'luggage' ? most((car) => car.bags) : byPrice;
  return [...cars].sort(compare);
}

/** Reads the filters from query parameters, dropping malformed values. */
export function filtersFromSearchParams(params: URLSearchParams): FleetFilters {
  const filters: FleetFilters = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(FLEET_FILTER_PARAMS[key]);
    if (!raw) continue;
    const value = slugify(raw);
    if (isValidValue(key, value)) filters[key] = value;
  }
  return filters;
}

/** `{ type: 'suv', make: 'toyota' }` → each filter's address name and value, in a fixed order. */
export function filtersToSegments(filters: FleetFilters): string[] {
  return FILTER_KEYS.flatMap((key) => (filters[key] ? [FLEET_FILTER_PARAMS[key], filters[key]] : []));
}

/** Inverse of filtersToSegments; returns undefined for segments that are not a filter path. */
export function filtersFromSegments(segments: readonly string[] | undefined): FleetFilters | undefined {
  if (!segments || segments.length === 0) return {};
  if (segments.length % 2 !== 0 || segments.length > FILTER_KEYS.length * 2) return undefined;
  const filters: FleetFilters = {};
  for (let index = 0; index < segments.length; index += 2) {
    const key = filterKeyOfParam(segments[index]);
    const value = segments[index + 1];
    if (!key) return undefined;
    if (!value || !isValidValue(key, value) || filters[key]) return undefined;
    filters[key] = value;
  }
  return filters;
}

/** Public URL query for a set of filters, e.g. `?tipo=suv`. */
export function filtersToQuery(filters: FleetFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(FLEET_FILTER_PARAMS[key], value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Maps the internal `/flota/tipo/suv` back to the public `/flota?tipo=suv`; other paths are returned as they are. */
export function publicFleetPath(pathWithoutLocale: string): string {
  const match = /^\/flota\/(.+)$/.exec(pathWithoutLocale);
  if (!match?.[1]) return pathWithoutLocale;
  const filters = filtersFromSegments(match[1].split('/'));
  return filters ? `/flota${filtersToQuery(filters)}` : pathWithoutLocale;
}

/** The landing search's fields: with them the fleet shows each car's total for those dates and its stock. */
/** `driver_age`: the lowest age of the driver's age band the search asked (domain `driverAgeBands`). */
export const SEARCH_KEYS = ['pickup_branch', 'return_branch', 'pickup_date', 'pickup_time', 'return_date', 'return_time', 'driver_age'] as const;
export type FleetSearch = Partial<Record<(typeof SEARCH_KEYS)[number], string>>;

/** A fleet URL that carries a search with dates (`/flota?pickup_branch=PTY&pickup_date=...`). */
export function isDatedFleetSearch(params: URLSearchParams): boolean {
  return Boolean(params.get('pickup_date') && params.get('return_date'));
}

/**
 * The search's fields from a query, trimmed and bounded; absent ones left out. With the search form's `same_branch`
 * ticked the car goes back where it was picked up, whatever its (hidden) return menu sent.
 */
export function fleetSearchFromParams(params: Record<string, string | string[] | undefined>): FleetSearch {
  const search: FleetSearch = {};
  for (const key of SEARCH_KEYS) {
    const value = params[key];
    if (typeof value === 'string' && value.trim() !== '') search[key] = value.trim().slice(0, 64);
  }
  if (params.same_branch !== undefined) delete search.return_branch;
  return search;
}

const BRANCH_REF = /^[A-Za-z0-9-]{1,64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
const AGE = /^\d{2,3}$/;
/** The segment before a search's driver's age (`PTY/…/PTY/edad/21/tipo/suv`). */
const AGE_SEGMENT = 'edad';

/** The search's driver's age as a number, or undefined when not asked or malformed. */
export function driverAgeOf(search: FleetSearch): number | undefined {
  return AGE.test(search.driver_age ?? '') ? Number(search.driver_age) : undefined;
}

/**
 * A search with dates as path segments (`PTY/2026-12-01T10:00/2026-12-04T10:00/PTY`, then the filters' segments): each
 * search is then its own cached page, re-rendered when the stock read it was built from expires. Undefined when the
 * search's values are malformed (the page then shows the plain fleet's search errors).
 */
export function searchToSegments(search: FleetSearch, filters: FleetFilters): string[] | undefined {
  const pickupBranch = search.pickup_branch ?? '';
  const returnBranch = search.return_branch || pickupBranch;
  const pickupTime = search.pickup_time ?? '10:00';
  const returnTime = search.return_time ?? '10:00';
  if (![pickupBranch, returnBranch].every((value) => BRANCH_REF.test(value))) return undefined;
  if (!DATE.test(search.pickup_date ?? '') || !DATE.test(search.return_date ?? '') || !TIME.test(pickupTime) || !TIME.test(returnTime)) return undefined;
  const age = driverAgeOf(search);
  return [pickupBranch, `${search.pickup_date ?? ''}T${pickupTime}`, `${search.return_date ?? ''}T${returnTime}`, returnBranch, ...(age === undefined ? [] : [AGE_SEGMENT, String(age)]), ...filtersToSegments(filters)];
}

/** Inverse of searchToSegments (segments arrive URL-decoded or not). */
export function searchFromSegments(segments: readonly string[]): { search: FleetSearch; filters: FleetFilters } | undefined {
  const [pickupBranch, pickupAt, returnAt, returnBranch, ...more] = segments.map(decodePathSegment);
  if (!pickupBranch || !pickupAt || !returnAt || !returnBranch) return undefined;
  const [pickupDate = '', pickupTime = ''] = pickupAt.split('T');
  const [returnDate = '', returnTime = ''] = returnAt.split('T');
  const search: FleetSearch = { pickup_branch: pickupBranch, pickup_date: pickupDate, pickup_time: pickupTime, return_date: returnDate, return_time: returnTime, return_branch: returnBranch };
  let rest = more;
  if (more[0] === AGE_SEGMENT) {
    if (!AGE.test(more[1] ?? '')) return undefined;
    search.driver_age = more[1];
    rest = more.slice(2);
  }
  const filters = filtersFromSegments(rest);
  if (!filters || searchToSegments(search, filters) === undefined) return undefined;
  return { search, filters };
}
