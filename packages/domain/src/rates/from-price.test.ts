import { describe, expect, it } from 'vitest';
import { FROM_PRICE_DAYS, lowestDailyRate, type RateSeason } from './index';

const today = '2027-11-26';
const low: RateSeason = { name: 'Baja', starts: '2027-12-10', ends: '2027-12-15', adjustmentPercent: -15 };
const high: RateSeason = { name: 'Alta', starts: '2027-11-01', ends: '2028-04-30', adjustmentPercent: 20 };

describe('lowestDailyRate, the fleet’s "from" price without dates', () => {
  it('is the daily rate when no season covers the next 30 days', () => {
    expect(lowestDailyRate(3000, [], { today })).toBe(3000);
    const later: RateSeason = { ...low, starts: '2027-12-26', ends: '2027-12-31' };
    // Day 30 from today is 2027-12-25: a season starting the day after is not in the window.
    expect(FROM_PRICE_DAYS).toBe(30);
    expect(lowestDailyRate(3000, [later], { today })).toBe(3000);
    expect(lowestDailyRate(3000, [{ ...later, starts: '2027-12-25' }], { today })).toBe(2550);
  });

  it('takes the cheapest day: a lower season within the window lowers it, its cents rounded as the quote does', () => {
    expect(lowestDailyRate(3000, [low], { today })).toBe(2550);
    expect(lowestDailyRate(2999, [low], { today })).toBe(2999 - 450);
  });

  it('rises when a higher season covers every day of the window, and the most specific season prices each day', () => {
    expect(lowestDailyRate(3000, [high], { today })).toBe(3600);
    // The low season for named classes wins over the high one on its days, for those classes only.
    const lowSuv: RateSeason = { ...low, carClasses: ['IFAR'] };
    expect(lowestDailyRate(3000, [high, lowSuv], { today, carClass: 'IFAR' })).toBe(2550);
    expect(lowestDailyRate(3000, [high, lowSuv], { today, carClass: 'CDAR' })).toBe(3600);
    expect(lowestDailyRate(3000, [{ ...high, brands: ['other'] }], { today, brand: 'firefly' })).toBe(3000);
  });
});
