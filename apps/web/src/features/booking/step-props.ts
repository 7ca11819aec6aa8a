import 'server-only';
import { formatMoney } from '@rentacar/domain/money';
import { coverageDailyCharge, type YoungDriverBand } from '@rentacar/domain/quote';
import type { Locale } from '@/i18n/routing';
import type { BookingCatalog, Car, Coverage } from '@/content';
import type { StepCoverage } from './steps/coverage-step';
import type { StepDelivery, StepExtra, StepYoungDriverBand } from './steps/extras-step';

// Prices reach the steps formatted: the browser's first Intl call loads its locale data (tens of milliseconds on a
// phone), and the steps then hydrate without one. The step forms send choices only; the server prices them.

/**
 * The coverages side by side, priced for the car's type, with the extras each includes (named from the data the quote
 * applies, never from staff's free text), and roadside assistance's daily price. A coverage that includes the
 * assistance is priced a day with it in (the quote charges it with the coverage).
 */
export function coverageStepProps(catalog: Pick<BookingCatalog, 'coverages' | 'extras'>, car: Pick<Car, 'type'> | undefined, eraDailyRate: number, locale: Locale) {
  return {
    coverages: catalog.coverages.map(
      (coverage): StepCoverage => ({
        id: coverage.id,
        name: coverage.text[locale].name,
        description: coverage.text[locale].description,
        benefits: coverage.text[locale].benefits,
        includedExtras: catalog.extras.filter((extra) => coverage.includedExtras.includes(extra.code)).map((extra) => extra.text[locale].name),
        dailyPrice: formatMoney(coverageDailyCharge(coverage, car?.type ?? '', eraDailyRate), locale),
        deductible: coverage.deductible > 0 ? formatMoney(coverage.deductible, locale) : undefined,
        includesEra: coverage.includesEra,
        recommended: coverage.recommended,
      }),
    ),
    eraDailyPrice: formatMoney(eraDailyRate, locale),
  };
}

/**
 * The extras with their daily price and cap (or, those the chosen `coverage` includes, that they cost nothing), the
 * delivery options, and the brand's young-driver fees.
 */
export function extrasStepProps(
  catalog: Pick<BookingCatalog, 'extras' | 'deliveryOptions'>,
  youngDriverFees: readonly YoungDriverBand[],
  locale: Locale,
  coverage?: Pick<Coverage, 'includedExtras' | 'text'>,
) {
  return {
    extras: catalog.extras.map(
      (extra): StepExtra => ({
        code: extra.code,
        name: extra.text[locale].name,
        description: extra.text[locale].description,
        dailyPrice: formatMoney(extra.dailyRate, locale),
        capPerRental: extra.maxPerRental === undefined ? undefined : formatMoney(extra.maxPerRental, locale),
        maxQuantity: extra.maxQuantity,
        includedIn: coverage?.includedExtras.includes(extra.code) ? coverage.text[locale].name : undefined,
      }),
    ),
    deliveryOptions: catalog.deliveryOptions.map(
      (option): StepDelivery => ({ id: option.id, description: option.description[locale], price: formatMoney(option.price, locale), needsFlightNumber: option.needsFlightNumber }),
    ),
    youngDriverBands: youngDriverFees.map((band): StepYoungDriverBand => ({ minAge: band.minAge, maxAge: band.maxAge, dailyPrice: formatMoney(band.dailyRate, locale) })),
  };
}
