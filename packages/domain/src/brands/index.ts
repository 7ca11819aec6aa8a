export const BRANDS = ['firefly', 'hertz', 'thrifty', 'dollar'] as const;

export type Brand = (typeof BRANDS)[number];

export const DEFAULT_BRAND: Brand = 'firefly';

/** Name of the environment variable that picks the deployment's brand. */
export const BRAND_ENV_VARIABLE = 'BRAND';

export const RESERVATION_PREFIXES = {
  firefly: 'FF',
  hertz: 'HZ',
  thrifty: 'TH',
  dollar: 'DL',
} as const satisfies Record<Brand, string>;

export type ReservationPrefix = (typeof RESERVATION_PREFIXES)[Brand];

export function isBrand(value: unknown): value is Brand {
  return typeof value === 'string' && (BRANDS as readonly string[]).includes(value);
}

export function reservationPrefix(brand: Brand): ReservationPrefix {
  return RESERVATION_PREFIXES[brand];
}

/** The brand whose reservation numbers start with `prefix` (case-insensitive), or null. */
export function brandFromReservationPrefix(prefix: string): Brand | null {
  const wanted = prefix.trim().toUpperCase();
  return BRANDS.find((brand) => RESERVATION_PREFIXES[brand] === wanted) ?? null;
}

/**
 * Reads the deployment's brand from an environment value; throws an error naming the variable and the allowed
 * values, because a deployment without a known brand must refuse to build or start rather than guess. The storefront
 * checks it when Next loads its config, hence "No brand specified on next config".
 */
export function brandFromEnv(value: string | undefined, variable: string = BRAND_ENV_VARIABLE): Brand {
  const allowed = BRANDS.join(', ');
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') {
    throw new Error(`No brand specified on next config: set the ${variable} environment variable to one of: ${allowed}.`);
  }
  if (!isBrand(trimmed)) {
    throw new Error(`Unknown brand "${trimmed}" in ${variable}: use one of: ${allowed}.`);
  }
  return trimmed;
}
