import { boundedMemo, type BoundedMemo } from '@rentacar/domain/memo';
import { formatMoney } from '@rentacar/domain/money';
import type { LabelledLine, Quote, QuoteLine } from '@rentacar/domain/quote';
import { FORMAT_LOCALE, type Locale } from '@/i18n/routing';
import { serverTranslator, type ServerTranslator } from '@/i18n/server-translator';
import type { BillLine } from './bill-view';
import type { PricedBooking } from './pricing';

/** What the labels name besides the amounts: resolved from the content service's data by the caller. */
export type LineContext = {
  days: number;
  carDailyRate: number;
  coverageName: string;
  extraNames: Record<string, string>;
  /** The delivery option's short name (never its description: a label is a few words). */
  deliveryName: string;
  couponCode: string | undefined;
  /** The agent's company and its negotiated percentage, for the corporate-rate line. */
  corporate?: { company: string; discountPercent: number } | undefined;
  airportFeePercent: number;
  taxRatePercent: number;
  /** What the rate plans applied (the quote's own figures), for the season, demand and length-discount lines. */
  ratePlans?: Pick<Quote, 'seasons' | 'demandPercent' | 'lengthDiscountTier'> | undefined;
};

/** `extra.GPS` for an extra, the line's own code otherwise: stable codes for programs reading the API. */
export function lineCode(line: QuoteLine): string {
  return line.code === 'extra' ? `extra.${line.extraCode ?? ''}` : line.code;
}

// Built once per language: quotes are labelled on every request.
const percentFormats = new Map<Locale, Intl.NumberFormat>();
const signedPercentFormats = new Map<Locale, Intl.NumberFormat>();

type RatePlans = Pick<Quote, 'seasons' | 'demandPercent' | 'lengthDiscountTier'>;
type RatePlanCode = 'season' | 'demand' | 'length_discount';

type LineMessageKey = Parameters<ServerTranslator<'booking.bill.lines'>>[0];

type LabelValues = Record<string, string | number>;

// The same few labels come back on quote after quote ("ITBMS (7 %)", "3 days at $45.00"), and formatting a message
// costs more than the rest of labelling a line: labels are kept by language, message and values in a bounded memo (a
// key longer than a label's few values make, such as one naming a long coupon code, is formatted and not kept).
const labelMemory = boundedMemo(formatLabel, { maxEntries: 4096, maxKeyLength: 512 });
const VALUE_SEPARATOR = '\u0000';

/** The line message `key` in `locale` with `values`. */
function lineLabel(locale: Locale, key: LineMessageKey, values?: LabelValues): string {
  // The language and the message, then each value's name and value joined by a character no label's value holds (a
  // value that does is formatted, not kept): the same key for the same values, as JSON would give, for less.
  let memoryKey = `${locale} ${key}`;
  for (const name in values) {
    const value = values[name];
    if (typeof value === 'string' && value.includes(VALUE_SEPARATOR)) return serverTranslator(locale, 'booking.bill.lines')(key, values);
    memoryKey += `${VALUE_SEPARATOR}${name}${VALUE_SEPARATOR}${value}`;
  }
  return labelMemory(memoryKey, values);
}

/** A label not in memory: the language and the message are read back from the head of its key (`lineLabel`). */
function formatLabel(memoryKey: string, values: LabelValues | undefined): string {
  const end = memoryKey.indexOf(VALUE_SEPARATOR);
  const [locale, key] = (end === -1 ? memoryKey : memoryKey.slice(0, end)).split(' ') as [Locale, LineMessageKey];
  return serverTranslator(locale, 'booking.bill.lines')(key, values);
}

/** `lineLabel` for one language, as `t` reads in the labelling code. */
function labelsIn(locale: Locale) {
  return (key: LineMessageKey, values?: Record<string, string | number>) => lineLabel(locale, key, values);
}

function percentFormat(locale: Locale, signed: boolean): Intl.NumberFormat {
  const cache = signed ? signedPercentFormats : percentFormats;
  const format = cache.get(locale) ?? new Intl.NumberFormat(FORMAT_LOCALE[locale], { maximumFractionDigits: 2, ...(signed ? { signDisplay: 'exceptZero' as const } : {}) });
  cache.set(locale, format);
  return format;
}

// The same few percentages (the tax, an airport fee, a season's) are written on every quote: kept per language and
// sign display, as the labels are, in a bounded memo each.
const percentTexts = new Map<string, BoundedMemo<number, string>>();

/** A percentage as the bill writes it, "7" or "+15" (`signed`), in `locale`'s digits. */
function formatPercent(locale: Locale, value: number, signed = false): string {
  const memoryKey = signed ? `${locale}+` : locale;
  let memory = percentTexts.get(memoryKey);
  if (memory === undefined) {
    memory = boundedMemo((percent: number) => percentFormat(locale, signed).format(percent), { maxEntries: 1024 });
    percentTexts.set(memoryKey, memory);
  }
  return memory(value);
}

/** The label of a rate plan's line (season, demand, length discount) from the quote's own figures. */
function ratePlanLabel(code: RatePlanCode, ratePlans: RatePlans | undefined, locale: Locale): string {
  const t = labelsIn(locale);
  const percent = (value: number) => formatPercent(locale, value);
  switch (code) {
    case 'season': {
      const parts = (ratePlans?.seasons ?? []).map((season) =>
        t('seasonPart', { name: season.name || t('seasonUnnamed'), percent: formatPercent(locale, season.adjustmentPercent, true), days: season.days }),
      );
      return t('season', { seasons: parts.join('; ') });
    }
    case 'demand':
      return t('demand', { percent: percent(ratePlans?.demandPercent ?? 0) });
    case 'length_discount':
      return t('length_discount', { days: ratePlans?.lengthDiscountTier?.minDays ?? 0, percent: percent(ratePlans?.lengthDiscountTier?.percent ?? 0) });
  }
}

/**
 * What the rate plans did to a price, in `locale`, with the bill's own labels and in the quote's order (season,
 * demand, length discount): the fleet's cards say it beside a total for searched dates. Empty when none applied.
 */
export function ratePlanLabels(ratePlans: RatePlans, locale: Locale): string[] {
  const codes: RatePlanCode[] = [];
  if (ratePlans.seasons.length > 0) codes.push('season');
  if (ratePlans.demandPercent > 0) codes.push('demand');
  if (ratePlans.lengthDiscountTier !== null) codes.push('length_discount');
  return codes.map((code) => ratePlanLabel(code, ratePlans, locale));
}

/** Labels the quote's lines in `locale`. */
export function labelLines(lines: readonly QuoteLine[], context: LineContext, locale: Locale): LabelledLine[] {
  const t = labelsIn(locale);
  const percent = (value: number) => formatPercent(locale, value);
  return lines.map((line) => {
    const label = (() => {
      switch (line.code) {
        case 'car':
          return t('car', { days: context.days, rate: formatMoney(context.carDailyRate, locale) });
        case 'coverage':
          return t('coverage', { name: context.coverageName });
        case 'era':
          // Bundled with a coverage that includes it, the assistance is part of what the coverage costs, not a fee.
          return line.inCoverage ? t('eraIncluded', { coverage: context.coverageName }) : t('era');
        case 'extra': {
          const extra = { name: context.extraNames[line.extraCode ?? ''] ?? line.extraCode ?? '', quantity: line.quantity ?? 1 };
          return line.included ? t('extraIncluded', { ...extra, coverage: context.coverageName }) : t('extra', extra);
        }
        case 'delivery':
          return t('delivery', { name: context.deliveryName });
        case 'coupon':
          return t('coupon', { code: context.couponCode ?? '' });
        case 'season':
        case 'demand':
        case 'length_discount':
          return ratePlanLabel(line.code, context.ratePlans, locale);
        case 'corporate_discount':
          return t('corporate_discount', { company: context.corporate?.company ?? '', percent: percent(context.corporate?.discountPercent ?? 0) });
        case 'airport_tax':
          return t('airport_tax', { percent: percent(context.airportFeePercent) });
        case 'tax':
          return t('tax', { percent: percent(context.taxRatePercent) });
        default:
          return t(line.code);
      }
    })();
    return { code: lineCode(line), label, amount: line.amount, ...(line.included ? { included: true as const } : {}) };
  });
}

/** The labels of a priced booking's lines in `locale`. */
export function labelledLines(booking: PricedBooking, locale: Locale): LabelledLine[] {
  return labelLines(
    booking.lines,
    {
      days: booking.quote.days,
      carDailyRate: booking.quote.carDailyRate,
      coverageName: booking.coverage.text[locale].name,
      extraNames: Object.fromEntries(booking.catalog.extras.map((extra) => [extra.code, extra.text[locale].name])),
      deliveryName: booking.delivery?.name[locale] ?? '',
      couponCode: booking.coupon?.code,
      corporate: booking.corporate ? { company: booking.corporate.company.name, discountPercent: booking.corporate.company.discountPercent } : undefined,
      airportFeePercent: booking.pickupBranch.airportFeePercent,
      taxRatePercent: booking.site.taxRatePercent,
      ratePlans: booking.quote,
    },
    locale,
  );
}

/** Labelled lines as the bill shows them, amounts formatted in the renter's language (on the server). */
export function billLinesOf(lines: readonly LabelledLine[], locale: Locale): BillLine[] {
  return lines.map((line) => ({ code: line.code, label: line.label, amount: formatMoney(line.amount, locale), credit: line.amount < 0, included: line.included === true }));
}
