import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Coupon } from '@rentacar/domain/coupons';
import type { StockForDates } from '@rentacar/domain/fleet';
import { DEFAULT_DEMAND_SETTINGS } from '@rentacar/domain/rates';
import type { Car, Coverage, SiteConfig, StoredCoupon } from '@/content';
import type { AvailabilitySearch } from '@/content/stock';
import type { BookingSelection } from './quote-request';
import type { PricingContent } from './pricing';
import { testCar, testCoverage, testPricingContent, testSite } from './pricing-content.testing';

// Pricing from content held in memory (the option every caller with content in hand uses); only the coupon store is
// a stand-in, counting its reads.
const findCoupon = vi.fn<(code: string) => Promise<StoredCoupon | null>>();
vi.mock('@/content/coupons', () => ({ findCoupon: (code: string) => findCoupon(code) }));
// The stock at the pickup branch (GET /booking/availability), which the demand step measures.
const availabilityAt = vi.fn<(search: AvailabilitySearch) => Promise<Record<string, StockForDates>>>();
vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);
vi.mock('@/content/stock', () => ({ availabilityAt: (search: AvailabilitySearch) => availabilityAt(search), stockChanged: () => undefined }));

const { priceSelection, quoteAs } = await import('./pricing');
const { clearLogged, loggedLines } = await import('../../../test/log-capture');

const car = testCar;
const coverage = testCoverage;
const site = testSite;
const content = testPricingContent();

const selection: BookingSelection = {
  carId: '7', pickupBranch: '1', returnBranch: '1', pickupAt: '2027-03-10T10:00', returnAt: '2027-03-13T10:00', coverageId: '1',
  era: false, extras: [], deliveryOptionId: undefined, reservationType: 'postpaid', couponCode: 'VERANO25', birthday: undefined,
};
const now = new Date('2026-11-26T12:00:00-05:00');

function storedCoupon(overrides: Partial<Coupon>): StoredCoupon {
  return {
    id: '9',
    coupon: { code: 'VERANO25', status: 'active', kind: 'fixed', amount: 1000, validFrom: null, validUntil: null, brands: null, minDays: null, maxRedemptions: null, redemptionsCount: 0, ...overrides },
  };
}

beforeEach(() => {
  findCoupon.mockReset();
  availabilityAt.mockReset();
});

describe('priceSelection and its coupon', () => {
  it('applies a valid coupon, reading it once', async () => {
    findCoupon.mockResolvedValue(storedCoupon({}));
    const priced = await priceSelection(selection, { content, now });
    expect(priced.ok && priced.booking.quote.couponDiscount).toBe(1000);
    expect(priced.ok && priced.booking.coupon).toEqual({ id: '9', code: 'VERANO25' });
    expect(findCoupon).toHaveBeenCalledTimes(1);
  });

  it('refuses the selection for a coupon that does not apply, unless told to drop it', async () => {
    findCoupon.mockResolvedValue(storedCoupon({ minDays: 5 }));
    const refused = await priceSelection(selection, { content, now });
    expect(refused).toMatchObject({ ok: false, issues: [{ field: 'coupon', code: 'coupon_below_min_days', params: { days: 5 } }] });

    const dropped = await priceSelection(selection, { content, now, unusableCoupon: 'drop' });
    expect(dropped.ok).toBe(true);
    if (!dropped.ok) return;
    expect(dropped.refusedCoupon).toMatchObject({ code: 'coupon_below_min_days', params: { days: 5 } });
    expect(dropped.booking.coupon).toBeUndefined();
    expect(dropped.booking.selection.couponCode).toBeUndefined();
    expect(dropped.booking.quote.couponDiscount).toBe(0);
    // One pricing, one read of the coupon, whatever became of it.
    expect(findCoupon).toHaveBeenCalledTimes(2);
  });

  it('keeps every other refusal: a coupon never hides a problem of the booking itself', async () => {
    const priced = await priceSelection({ ...selection, carId: '99' }, { content, now, unusableCoupon: 'drop' });
    expect(priced).toMatchObject({ ok: false, issues: [{ field: 'car_id' }] });
    expect(findCoupon).not.toHaveBeenCalled();
  });
});

describe('quoteAs', () => {
  it('prices the other way of paying from the same terms, coupon included', async () => {
    findCoupon.mockResolvedValue(storedCoupon({ kind: 'percent', amount: 10 }));
    const priced = await priceSelection(selection, { content, now });
    if (!priced.ok) throw new Error('the selection should price');
    const prepaid = quoteAs(priced.booking, 'prepaid');
    const repriced = await priceSelection({ ...selection, reservationType: 'prepaid' }, { content, now });
    expect(repriced.ok && repriced.booking.quote).toEqual(prepaid);
    expect(prepaid.carDailyRate).toBe(2700);
    expect(quoteAs(priced.booking, 'postpaid')).toBe(priced.booking.quote);
  });
});

describe('extras a coverage includes', () => {
  const driver = { id: '5', code: 'ADDITIONAL_DRIVER', dailyRate: 800, maxPerRental: 8000, maxQuantity: 2, text: { es: { name: 'Conductor adicional', description: '' }, en: { name: 'Additional driver', description: '' } } };
  const premium: Coverage = { ...coverage, id: '3', code: 'PREMIUM', dailyRateSedan: 3000, includedExtras: ['ADDITIONAL_DRIVER'], text: { es: { name: 'Premium', description: '', benefits: [] }, en: { name: 'Premium', description: '', benefits: [] } } };
  const withDriver: PricingContent = { ...content, catalog: { ...content.catalog, coverages: [coverage, premium], extras: [driver] } };
  const chosen = { ...selection, couponCode: undefined, extras: [{ code: 'ADDITIONAL_DRIVER', quantity: 1 }] };

  it('prices the driver at zero with the coverage that includes it, marked included, and charges it with another', async () => {
    const included = await priceSelection({ ...chosen, coverageId: '3' }, { content: withDriver, now });
    if (!included.ok) throw new Error('the selection should price');
    expect(included.booking.lines.find((line) => line.code === 'extra')).toEqual({ code: 'extra', amount: 0, extraCode: 'ADDITIONAL_DRIVER', quantity: 1, included: true });

    const charged = await priceSelection({ ...chosen, coverageId: '1' }, { content: withDriver, now });
    if (!charged.ok) throw new Error('the selection should price');
    // 3 days × 800
    expect(charged.booking.lines.find((line) => line.code === 'extra')).toEqual({ code: 'extra', amount: 2400, extraCode: 'ADDITIONAL_DRIVER', quantity: 1 });
  });
});

describe('rate plans from the content', () => {
  const plain = { ...selection, couponCode: undefined };
  const sibling: Car = { ...car, id: '8', model: 'Soluto' };
  const withRates = (siteChanges: Partial<SiteConfig>, catalogChanges: Partial<PricingContent['catalog']> = {}): PricingContent => ({
    ...content,
    appData: { site: { ...site, ...siteChanges }, fleet: { cars: [car, sibling], failed: false } },
    catalog: { ...content.catalog, ...catalogChanges },
  });

  it('prices the published seasons and length discounts of the brand', async () => {
    const seasons = [{ name: 'Verano', starts: '2027-03-12', ends: '2027-03-31', adjustmentPercent: 20 }];
    const priced = await priceSelection({ ...plain, returnAt: '2027-03-17T10:00' }, { content: withRates({}, { seasons, lengthDiscounts: [{ minDays: 7, percent: 10 }] }), now });
    if (!priced.ok) throw new Error('the selection should price');
    // 7 days of 30.00, 5 of them (from the 12th) at +20 %: 21000 + 3000, then 10 % off
    expect(priced.booking.lines.slice(0, 3)).toEqual([{ code: 'car', amount: 21000 }, { code: 'season', amount: 3000 }, { code: 'length_discount', amount: -2400 }]);
    expect(availabilityAt).not.toHaveBeenCalled();
  });

  it('with demand on, measures the car\'s class at the pickup branch over the rental from the stock', async () => {
    availabilityAt.mockResolvedValue({ '7': { units: 3, occupied: 3 }, '8': { units: 2, occupied: 1 } });
    const priced = await priceSelection(plain, { content: withRates({ demand: { ...DEFAULT_DEMAND_SETTINGS, enabled: true } }), now });
    if (!priced.ok) throw new Error('the selection should price');
    expect(availabilityAt).toHaveBeenCalledWith({ branchId: '1', returnBranchId: '1', pickupAt: plain.pickupAt, returnAt: plain.returnAt, brand: 'firefly' });
    // 4 of the class's 5 units taken: 80 %, +10 % on 3 days of 30.00
    expect(priced.booking.lines.find((line) => line.code === 'demand')).toEqual({ code: 'demand', amount: 900 });
  });

  it('prices without a demand step when the stock cannot be read', async () => {
    availabilityAt.mockRejectedValue(new Error('content service down'));
    clearLogged();
    const priced = await priceSelection(plain, { content: withRates({ demand: { ...DEFAULT_DEMAND_SETTINGS, enabled: true } }), now });
    expect(priced.ok && priced.booking.lines.some((line) => line.code === 'demand')).toBe(false);
    expect(loggedLines()).toEqual(['error [fleet] stock for the demand step could not be read']);
  });
});

describe('the driver’s age a search asked', () => {
  const youngSite: SiteConfig = { ...site, minimumRenterAge: 21, youngDriverFees: [{ minAge: 21, maxAge: 22, dailyRate: 1500, maxPerRental: 15000 }] };
  const youngContent: PricingContent = { ...content, appData: { ...content.appData, site: youngSite } };
  const asked = { ...selection, couponCode: undefined };

  it('prices the young-driver fee of the asked age until the birthday is known, and the birthday’s age after', async () => {
    const young = await priceSelection({ ...asked, driverAge: 21 }, { content: youngContent, now });
    expect(young.ok && young.booking.quote.youngDriverFee).toBe(4500);
    const standard = await priceSelection({ ...asked, driverAge: 25 }, { content: youngContent, now });
    expect(standard.ok && standard.booking.quote.youngDriverFee).toBe(0);
    // The birthday wins: 30 years old on 10 March 2027.
    const told = await priceSelection({ ...asked, driverAge: 21, birthday: '1997-01-01' }, { content: youngContent, now });
    expect(told.ok && told.booking.quote.youngDriverFee).toBe(0);
  });

  it('refuses an age below the brand’s minimum renter age, on driver_age', async () => {
    const refused = await priceSelection({ ...asked, driverAge: 18 }, { content: youngContent, now });
    expect(refused).toMatchObject({ ok: false, issues: [{ field: 'driver_age', code: 'min_age', params: { minimumAge: 21 } }] });
  });
});
