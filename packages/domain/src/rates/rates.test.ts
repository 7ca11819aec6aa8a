import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEMAND_SETTINGS,
  classOccupancyPercent,
  demandPercentFor,
  lengthDiscountFor,
  rentalDayDates,
  seasonAppliesToBrand,
  seasonFor,
  type RateSeason,
} from './index';

const christmas: RateSeason = { name: 'Navidad', starts: '2027-12-20', ends: '2028-01-05', adjustmentPercent: 20 };
const newYearSuv: RateSeason = { name: 'Año Nuevo SUV', starts: '2027-12-30', ends: '2028-01-02', adjustmentPercent: 30, carClasses: ['IFAR'] };
const lateChristmas: RateSeason = { name: 'Fin de año', starts: '2027-12-28', ends: '2028-01-03', adjustmentPercent: 25 };

describe('seasonFor', () => {
  it('covers both of its dates and nothing outside them', () => {
    const on = (date: string) => seasonFor([christmas], date, {})?.name ?? null;
    expect(on('2027-12-19')).toBeNull();
    expect(on('2027-12-20')).toBe('Navidad');
    expect(on('2028-01-05')).toBe('Navidad');
    expect(on('2028-01-06')).toBeNull();
  });

  it('prefers a season for the car\'s class over one for all classes, whatever their starts', () => {
    const seasons = [christmas, newYearSuv, lateChristmas];
    expect(seasonFor(seasons, '2028-01-01', { carClass: 'IFAR' })?.name).toBe('Año Nuevo SUV');
    // Another class: the class-specific season does not apply; of the two for all classes the later start wins.
    expect(seasonFor(seasons, '2028-01-01', { carClass: 'CDAR' })?.name).toBe('Fin de año');
    expect(seasonFor([lateChristmas, christmas], '2028-01-01', { carClass: 'CDAR' })?.name).toBe('Fin de año');
    // Past the later season's end, the earlier one prices the day again.
    expect(seasonFor(seasons, '2028-01-04', { carClass: 'IFAR' })?.name).toBe('Navidad');
  });

  it('applies a season to its brands only; none listed = every brand', () => {
    const hertzOnly: RateSeason = { ...christmas, name: 'Hertz', brands: ['hertz'], starts: '2027-12-24' };
    expect(seasonFor([christmas, hertzOnly], '2027-12-25', { brand: 'hertz' })?.name).toBe('Hertz');
    expect(seasonFor([christmas, hertzOnly], '2027-12-25', { brand: 'firefly' })?.name).toBe('Navidad');
    expect(seasonFor([hertzOnly], '2027-12-25', {})).toBeNull();
  });

  it('ignores a malformed season rather than pricing with it', () => {
    expect(seasonFor([{ ...christmas, ends: '2027-12-01' }], '2027-12-25', {})).toBeNull();
    expect(seasonFor([{ ...christmas, starts: '2027-13-01' }], '2027-12-25', {})).toBeNull();
    expect(seasonFor([{ ...christmas, adjustmentPercent: -100 }], '2027-12-25', {})).toBeNull();
  });
});

describe('seasonAppliesToBrand', () => {
  it('is true for a well-formed season of the brand or of every brand, false otherwise', () => {
    expect(seasonAppliesToBrand(christmas, 'firefly')).toBe(true);
    expect(seasonAppliesToBrand({ ...christmas, brands: [] }, 'hertz')).toBe(true);
    expect(seasonAppliesToBrand({ ...christmas, brands: ['hertz'] }, 'hertz')).toBe(true);
    expect(seasonAppliesToBrand({ ...christmas, brands: ['hertz'] }, 'firefly')).toBe(false);
    expect(seasonAppliesToBrand({ ...christmas, ends: '2027-12-01' }, 'firefly')).toBe(false);
    expect(seasonAppliesToBrand({ ...christmas, adjustmentPercent: -100 }, 'firefly')).toBe(false);
  });
});

describe('rentalDayDates', () => {
  it('dates each 24-hour period by the Panama date it starts on', () => {
    expect(rentalDayDates(new Date('2028-01-04T15:00:00Z'), 4)).toEqual(['2028-01-04', '2028-01-05', '2028-01-06', '2028-01-07']);
    // 23:30 in Panama is already the next day in UTC: the Panama date counts.
    expect(rentalDayDates(new Date('2027-12-20T04:30:00Z'), 2)).toEqual(['2027-12-19', '2027-12-20']);
  });
});

describe('lengthDiscountFor', () => {
  const tiers = [{ minDays: 7, percent: 10 }, { minDays: 28, percent: 20 }];

  it('gives the highest tier the rental reaches, from exactly its minimum days', () => {
    expect(lengthDiscountFor(tiers, 6)).toBeNull();
    expect(lengthDiscountFor(tiers, 7)?.percent).toBe(10);
    expect(lengthDiscountFor(tiers, 27)?.percent).toBe(10);
    expect(lengthDiscountFor(tiers, 28)?.percent).toBe(20);
    expect(lengthDiscountFor([...tiers].reverse(), 60)?.percent).toBe(20);
  });

  it('leaves out tiers of other brands and malformed ones', () => {
    expect(lengthDiscountFor([{ minDays: 3, percent: 5, brands: ['hertz'] }], 5, 'firefly')).toBeNull();
    expect(lengthDiscountFor([{ minDays: 3, percent: 5, brands: ['hertz'] }], 5, 'hertz')?.percent).toBe(5);
    expect(lengthDiscountFor([{ minDays: 0, percent: 5 }, { minDays: 3, percent: 150 }], 5)).toBeNull();
  });
});

describe('demandPercentFor', () => {
  const on = { ...DEFAULT_DEMAND_SETTINGS, enabled: true };

  it('steps up at each threshold reached: nothing at 79 %, +10 % at 80 %, +20 % at 95 %', () => {
    expect(demandPercentFor(on, 79)).toBe(0);
    expect(demandPercentFor(on, 79.99)).toBe(0);
    expect(demandPercentFor(on, 80)).toBe(10);
    expect(demandPercentFor(on, 94.9)).toBe(10);
    expect(demandPercentFor(on, 95)).toBe(20);
    expect(demandPercentFor(on, 100)).toBe(20);
  });

  it('is off by default, and without a known occupancy', () => {
    expect(DEFAULT_DEMAND_SETTINGS.enabled).toBe(false);
    expect(demandPercentFor(DEFAULT_DEMAND_SETTINGS, 100)).toBe(0);
    expect(demandPercentFor(on, null)).toBe(0);
    expect(demandPercentFor(null, 100)).toBe(0);
  });

  it('never adds more than the cap', () => {
    const steep = { enabled: true, thresholds: [{ fromPercent: 50, percent: 40 }], capPercent: 25 };
    expect(demandPercentFor(steep, 60)).toBe(25);
  });
});

describe('classOccupancyPercent', () => {
  const cars = [{ id: '1', classCode: 'CDAR' }, { id: '2', classCode: 'CDAR' }, { id: '3', classCode: 'IFAR' }];

  it('counts the units taken of every car of the class at the branch over its units there', () => {
    const stock = { '1': { units: 3, occupied: 3 }, '2': { units: 2, occupied: 1 }, '3': { units: 4, occupied: 0 } };
    expect(classOccupancyPercent(stock, cars, 'CDAR')).toBe(80);
    expect(classOccupancyPercent(stock, cars, 'IFAR')).toBe(0);
  });

  it('is unknown when the branch has no unit of the class, and never above 100 %', () => {
    expect(classOccupancyPercent({}, cars, 'CDAR')).toBeNull();
    expect(classOccupancyPercent({ '1': { units: 2, occupied: 5 } }, cars, 'CDAR')).toBe(100);
  });
});
