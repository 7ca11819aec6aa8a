// Test-only helper: content to price with, held in memory (one car, one branch, the basic coverage, the site config).
import { DEFAULT_CANCELLATION_RULE } from '@rentacar/domain/payments';
import { DEFAULT_DEMAND_SETTINGS, type LengthDiscountTier, type RateSeason } from '@rentacar/domain/rates';
import type { Branch, Car, Coverage, SiteConfig } from '@/content';
import type { PricingContent } from './pricing';

/** A Kia Rio (class ECMR) at $30.00 a day, $27.00 prepaid, bookable from one day. */
export const testCar: Car = {
  id: '7', make: 'Kia', model: 'Rio', year: 2025, type: 'sedan', classCode: 'ECMR', status: 'available', featured: false,
  dailyRate: 3000, prepaidDailyRate: 2700, discountPercent: 10, prepaidDiscountId: 'PP10', minimumDays: 1,
  doors: 4, bags: 2, passengers: 5, transmission: 'automatic', fuel: 'gas', picture: undefined, imageUrl: undefined,
};

/** A city branch (no airport fee), open around the clock. */
export const testBranch: Branch = {
  id: '1', code: 'OBA', name: 'Obarrio', city: 'Panamá', province: 'Panamá', address: '', phone: undefined, email: undefined,
  latitude: undefined, longitude: undefined, isAirport: false, airportFeePercent: 0,
  openingHours: [{ days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }], directions: '',
};

/** The basic coverage: $10.00 a day for a sedan. */
export const testCoverage: Coverage = {
  id: '1', code: 'BASIC', dailyRateSedan: 1000, dailyRateOther: 1500, deductible: 0, depositSedan: 150000, depositOther: 250000, includesEra: false, recommended: false, includedExtras: [],
  text: { es: { name: 'Básica', description: '', benefits: [] }, en: { name: 'Basic', description: '', benefits: [] } },
};

/** Firefly's site config as pricing reads it: 7 % ITBMS, demand off. */
export const testSite = {
  brand: 'firefly', siteName: 'Firefly', reservationMinDays: 1, reservationMaxDays: 90, reservationHoldsPerClient: 10,
  cancellationRule: DEFAULT_CANCELLATION_RULE, disableReservationsUntil: undefined, eraDailyRate: 399, taxRatePercent: 7,
  sameDayNoticeHours: 2, minimumRenterAge: 21, youngDriverFees: [], allowedClasses: [], demand: DEFAULT_DEMAND_SETTINGS,
} as unknown as SiteConfig;

/** That content, with the rate plans given (none by default). */
export function testPricingContent({ site = testSite, seasons = [], lengthDiscounts = [] }: { site?: SiteConfig; seasons?: RateSeason[]; lengthDiscounts?: LengthDiscountTier[] } = {}): PricingContent {
  return {
    appData: { site, fleet: { cars: [testCar], failed: false } },
    branches: [testBranch],
    catalog: { coverages: [testCoverage], extras: [], deliveryOptions: [], dropoffFees: [], seasons, lengthDiscounts },
  };
}
