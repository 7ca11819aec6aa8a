import { boundedMemo, type BoundedMemo } from '../memo';

/** An amount of US dollars in integer cents. Only `formatMoney` (and `formatAmountsInText`, through it) and `centsToDecimalString` turn it into text. */
export type Cents = number;

export type MoneyLocale = 'es' | 'en';

export const CURRENCY = 'USD';

const INTL_LOCALES: Record<MoneyLocale, string> = { es: 'es-PA', en: 'en-US' };

// Formatters are costly to build and formatMoney runs once per price on fleet pages.
const formatters = new Map<MoneyLocale, Intl.NumberFormat>();

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Returns `value` when it is a safe integer number of cents; throws a RangeError naming `label` otherwise. */
export function assertCents(value: number, label = 'amount'): Cents {
  if (!isCents(value)) {
    throw new RangeError(`${label} must be an integer number of cents, got ${String(value)}`);
  }
  return value;
}

/** Like `assertCents`, and also rejects negative amounts. */
export function assertNonNegativeCents(value: number, label = 'amount'): Cents {
  assertCents(value, label);
  if (value < 0) {
    throw new RangeError(`${label} must not be negative, got ${value}`);
  }
  return value;
}

export function sumCents(...amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, amount) => total + assertCents(amount), 0);
}

// The same amounts come back page after page and quote after quote (a car's daily rate, a fee), and formatting with
// Intl costs about a microsecond: answers are kept per language and amount (a bounded memo each).
const FORMATTED_MEMORY = { maxEntries: 4096 };
const formattedMemory: Record<MoneyLocale, BoundedMemo<Cents, string>> = {
  es: boundedMemo((cents) => formatWithIntl(cents, 'es'), FORMATTED_MEMORY),
  en: boundedMemo((cents) => formatWithIntl(cents, 'en'), FORMATTED_MEMORY),
};

/**
 * The one money format of the storefront, in both languages and for every brand: the narrow dollar sign, thousands
 * separated by commas and always two decimals, "$1,500.00" (es-PA and en-US group and point the same way). The narrow
 * symbol because es-PA would otherwise print "USD 1,500.00", which reads as foreign on a Panamanian site, and because
 * the dollar is the only currency a renter pays in here. Cards, the bill, the checkout, manage booking, the agent area,
 * the e-mails and (through `formatAmountsInText`) the content's own texts all write money through this function.
 */
export function formatMoney(cents: Cents, locale: MoneyLocale): string {
  assertCents(cents);
  return formattedMemory[locale](cents);
}

function formatWithIntl(cents: Cents, locale: MoneyLocale): string {
  let formatter = formatters.get(locale);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(INTL_LOCALES[locale], {
      style: 'currency',
      currency: CURRENCY,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, formatter);
  }
  // Dividing by 100 is exact enough for display: every integer cent below 2^53 maps to the nearest 2-decimal double.
  return formatter.format(cents / 100);
}

// A dollar amount as staff write it in a text: "US$1,500", "US$ 25", "USD 3.99", "$150" (a sign or code, then the
// figure with optional thousands commas and up to two decimals). Not when a letter or digit follows ("US$5M"), nor
// before a word of scale ("US$5 millones"): those are not amounts this function can write again.
const AMOUNT_IN_TEXT =
  /(?<![\p{L}\p{N}])(?:US\s?\$|USD\s?|\$)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?![\p{L}\p{N}]|[.,]\d|\s+(?:mil|millones|millón|million|millions|billion|billones)(?!\p{L}))/gu;

/**
 * A text written by staff (a coverage's benefits, a promotion, an info page's HTML) with every dollar amount in it
 * rewritten in the one money format: "deducible de US$1,500" becomes "deducible de $1,500.00", so a card never shows
 * the same money two ways. Anything else in the text is left as it is.
 */
export function formatAmountsInText(text: string, locale: MoneyLocale): string {
  if (!text.includes('$') && !text.includes('USD')) return text;
  return text.replace(AMOUNT_IN_TEXT, (written: string, units: string, fraction: string | undefined) => {
    const cents = parseMoney(fraction === undefined ? units : `${units}.${fraction}`);
    return cents === null ? written : formatMoney(cents, locale);
  });
}

/** Cents as a plain decimal string such as "1234.50" (what payment gateways expect), built without floats. */
export function centsToDecimalString(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}${units}.${rest.toString().padStart(2, '0')}`;
}

/**
 * Cents as a number of dollars (2599 → 25.99), for a figure shown as dollars where only a stored number can be summed
 * (the admin's dashboards); never to compute with: amounts are computed in cents.
 */
export function centsToDollars(cents: Cents): number {
  return assertCents(cents) / 100;
}

const DECIMAL_PATTERN = /^(-)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses a dollar amount typed or stored as text ("3.99", "$1,234.5", "-10") into cents without going through a
 * float; returns null for anything else, including more than two decimals.
 */
export function parseMoney(input: string): Cents | null {
  const match = DECIMAL_PATTERN.exec(input.trim());
  if (match === null) {
    return null;
  }
  const [, minus, unitsText = '0', fraction = ''] = match;
  const units = Number(unitsText.replaceAll(',', ''));
  const cents = units * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) {
    return null;
  }
  return minus === undefined || cents === 0 ? cents : -cents;
}

/**
 * Divides integer `numerator` by positive integer `denominator`, rounding half away from zero. BigInt keeps the
 * division exact, so a true .5 is never seen as .4999… the way float arithmetic would.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) {
    throw new RangeError('denominator must be positive');
  }
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  let quotient = abs / denominator;
  if ((abs % denominator) * 2n >= denominator) {
    quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

const MAX_PERCENT_DECIMALS = 6;

/**
 * Writes a finite percentage such as 12.5 as an exact fraction `numerator / 10^scale`; configured percentages
 * have a few decimals at most, so anything needing more than six is rejected rather than silently rounded.
 */
function percentAsFraction(percent: number): { numerator: bigint; scale: bigint } {
  if (!Number.isFinite(percent)) {
    throw new RangeError(`percent must be a finite number, got ${String(percent)}`);
  }
  for (let decimals = 0; decimals <= MAX_PERCENT_DECIMALS; decimals += 1) {
    const scale = 10 ** decimals;
    const scaled = Math.round(percent * scale);
    if (Math.abs(scaled - percent * scale) < 1e-7) {
      return { numerator: BigInt(scaled), scale: BigInt(scale) };
    }
  }
  throw new RangeError(`percent has more than ${MAX_PERCENT_DECIMALS} decimals: ${percent}`);
}

/**
 * `percent`% of `cents`, rounded once to the cent, half away from zero (0.5 → 1, −0.5 → −1): the usual
 * commercial rounding in Panama's rental tariffs, and symmetric so refunds mirror charges.
 */
export function percentOf(cents: Cents, percent: number): Cents {
  assertCents(cents);
  const { numerator, scale } = percentAsFraction(percent);
  return Number(divideRounded(BigInt(cents) * numerator, 100n * scale));
}

/** Stored decimals often arrive as strings ("12.00"), so percentages are accepted in either form. */
export type PercentValue = number | string;

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A percentage between 0 and 100 given as a number or a decimal string ("12.00", " 7 "); null when absent, blank,
 * malformed ("12%", "1e2") or outside 0–100.
 */
export function parsePercent(value: PercentValue | null | undefined): number | null {
  if (value === null || value === undefined) {
    return null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  const percent = typeof value === 'number' ? value : DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN;
  return Number.isFinite(percent) && percent >= 0 && percent <= 100 ? percent : null;
}

/** Multiplies cents by a whole count (days, quantity); exact, so no rounding is involved. */
export function multiplyCents(cents: Cents, count: number): Cents {
  assertCents(cents);
  if (!Number.isSafeInteger(count)) {
    throw new RangeError(`count must be an integer, got ${String(count)}`);
  }
  return assertCents(cents * count, 'product');
}
