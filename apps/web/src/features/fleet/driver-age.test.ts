import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import es from '../../../messages/es.json';
import en from '../../../messages/en.json';
import { driverAgeOptions } from './driver-age';

const fees = [
  { minAge: 21, maxAge: 22, dailyRate: 1500, maxPerRental: 15000 },
  { minAge: 23, maxAge: 24, dailyRate: 1000, maxPerRental: 10000 },
];
const ts = (locale: 'es' | 'en') => createTranslator({ locale, messages: { es, en }[locale], namespace: 'fleetSearch' });

describe('the search’s driver’s age choices', () => {
  it('offers the brand’s fee bands with their fee, then the ages without one, 25 or older by default, in Spanish', () => {
    expect(driverAgeOptions({ youngDriverFees: fees, minimumRenterAge: 21 }, ts('es'), 'es')).toEqual({
      options: [
        { value: '21', label: '21 a 22 años (cargo por conductor joven: $15.00 por día)' },
        { value: '23', label: '23 a 24 años (cargo por conductor joven: $10.00 por día)' },
        { value: '25', label: '25 años o más' },
      ],
      defaultValue: '25',
    });
  });

  it('gives a senior band of the brand its own choice, and the ages between theirs, in English', () => {
    const senior = { minAge: 70, maxAge: 99, dailyRate: 800 };
    const { options, defaultValue } = driverAgeOptions({ youngDriverFees: [...fees, senior], minimumRenterAge: 21 }, ts('en'), 'en');
    expect(options.map((option) => option.label)).toEqual([
      '21 to 22 years (young-driver fee: $15.00 per day)',
      '23 to 24 years (young-driver fee: $10.00 per day)',
      '25 to 69 years',
      '70 to 99 years (senior-driver fee: $8.00 per day)',
      '100 years or older',
    ]);
    expect(defaultValue).toBe('25');
  });

  it('asks nothing of a brand that charges no fee by age', () => {
    expect(driverAgeOptions({ youngDriverFees: [], minimumRenterAge: 21 }, ts('es'), 'es')).toEqual({ options: [], defaultValue: '' });
  });
});
