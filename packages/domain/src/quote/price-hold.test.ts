import { describe, expect, it } from 'vitest';
import { confirmsShownTotal, holdApplies, priceChange, termsToPrice, PRICE_HOLD_MINUTES, type RatePlanTerms } from '../rates';
import { quote, type QuoteInput } from './index';

// A car of 50.00 a day in town, basic cover 12.00 a day, ITBMS 7 %; 4 days from 2028-01-04.
const input: QuoteInput = {
  car: { type: 'sedan', dailyRate: 5000, prepaidDiscountPercent: 10, carClass: 'CDAR' },
  coverage: { dailyRateSedan: 1200, dailyRateOther: 1800, includesEra: false },
  pickupBranch: { id: 4, airportFeePercent: 0 },
  returnBranch: { id: 4 },
  pickupAt: '2028-01-04T10:00',
  returnAt: '2028-01-08T10:00',
  brand: 'firefly',
};
const noSeason: RatePlanTerms = { seasons: [], lengthDiscounts: [], demand: null };
// Staff add a season after the renter saw the price: +20 % over the whole rental.
const season: RatePlanTerms = { seasons: [{ name: 'Verano', starts: '2028-01-01', ends: '2028-01-31', adjustmentPercent: 20 }], lengthDiscounts: [], demand: null };

const shownAt = new Date('2027-12-01T15:00:00Z');
const minutesLater = (minutes: number) => new Date(shownAt.getTime() + minutes * 60 * 1000);
const priced = (terms: RatePlanTerms) => quote({ ...input, ...terms }).total;

describe('the price hold', () => {
  const { hold } = termsToPrice(undefined, noSeason, shownAt);

  it('lasts 30 minutes', () => {
    expect(PRICE_HOLD_MINUTES).toBe(30);
    expect(holdApplies(hold, minutesLater(29))).toBe(true);
    expect(holdApplies(hold, minutesLater(30))).toBe(true);
    expect(holdApplies(hold, minutesLater(31))).toBe(false);
    expect(holdApplies(undefined, shownAt)).toBe(false);
  });

  it('29 minutes after the price was shown, a new season does not change it', () => {
    const at29 = termsToPrice(hold, season, minutesLater(29));
    expect(at29.held).toBe(true);
    expect(at29.hold).toBe(hold);
    expect(priced(at29.terms)).toBe(priced(noSeason));
  });

  it('31 minutes after, the booking is priced by the season and the change is told, then held from then', () => {
    const now = minutesLater(31);
    const at31 = termsToPrice(hold, season, now);
    expect(at31.held).toBe(false);
    expect(priced(at31.terms)).toBe(priced(season));
    expect(priced(season)).toBeGreaterThan(priced(noSeason));
    expect(priceChange(priced(hold.terms), priced(at31.terms))).toEqual({ before: priced(noSeason), after: priced(season) });
    expect(at31.hold.heldAt).toBe(now.toISOString());
    expect(termsToPrice(at31.hold, noSeason, minutesLater(50)).terms).toBe(season);
  });

  it('tells no change when the total did not move', () => {
    expect(priceChange(priced(noSeason), priced(noSeason))).toBeNull();
  });

  it('confirms only the total the renter was shown', () => {
    expect(confirmsShownTotal(priced(season), priced(season))).toBe(true);
    expect(confirmsShownTotal(priced(noSeason), priced(season))).toBe(false);
    expect(confirmsShownTotal(undefined, priced(season))).toBe(false);
  });

  it('is no hold when it starts in the future or has no valid start', () => {
    expect(holdApplies({ heldAt: minutesLater(5).toISOString(), terms: noSeason }, shownAt)).toBe(false);
    expect(holdApplies({ heldAt: 'not a date', terms: noSeason }, shownAt)).toBe(false);
  });
});
