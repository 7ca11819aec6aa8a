import { describe, expect, it } from 'vitest';
import type { Coverage, DeliveryOption, Extra } from '@/content';
import { coverageStepProps, extrasStepProps } from './step-props';

const text = <T,>(es: T, en: T) => ({ es, en });

const coverages: Coverage[] = [
  {
    id: '1',
    code: 'BASIC',
    dailyRateSedan: 1299,
    dailyRateOther: 1599,
    deductible: 150000,
    depositSedan: 150000,
    depositOther: 250000,
    includesEra: false,
    recommended: false,
    includedExtras: [],
    text: text({ name: 'Protección Básica', description: 'Terceros', benefits: ['Daños a terceros'] }, { name: 'Basic Protection', description: 'Third parties', benefits: ['Third-party damage'] }),
  },
  {
    id: '3',
    code: 'PREMIUM',
    dailyRateSedan: 3299,
    dailyRateOther: 3899,
    deductible: 0,
    depositSedan: 25000,
    depositOther: 50000,
    includesEra: true,
    recommended: true,
    includedExtras: ['gps'],
    text: text({ name: 'Protección Premium', description: '', benefits: [] }, { name: 'Premium Protection', description: '', benefits: [] }),
  },
];
const extras: Extra[] = [
  { id: '1', code: 'child_seat', dailyRate: 700, maxPerRental: 7000, maxQuantity: 2, text: text({ name: 'Silla para niños', description: 'Hasta 18 kg' }, { name: 'Child seat', description: 'Up to 18 kg' }) },
  { id: '2', code: 'gps', dailyRate: 500, maxPerRental: undefined, maxQuantity: 1, text: text({ name: 'GPS', description: '' }, { name: 'GPS', description: '' }) },
];
const deliveryOptions: DeliveryOption[] = [
  { id: '4', code: 'hotel', price: 2500, name: text('Entrega en hotel', 'Hotel delivery'), description: text('Entrega en tu hotel', 'Delivery to your hotel'), needsFlightNumber: false },
  { id: '5', code: 'MEET_GREET_PTY', price: 1500, name: text('Meet & greet en Tocumen', 'Meet & greet at Tocumen'), description: text('Un agente te espera', 'An agent waits for you'), needsFlightNumber: true },
];

describe('coverageStepProps', () => {
  it('prices each coverage for the car’s type (with the roadside assistance it includes), with its deductible or none, in the page’s language', () => {
    const { coverages: shown, eraDailyPrice } = coverageStepProps({ coverages, extras }, { type: 'suv' }, 399, 'en');
    expect(shown).toEqual([
      { id: '1', name: 'Basic Protection', description: 'Third parties', benefits: ['Third-party damage'], includedExtras: [], dailyPrice: '$15.99', deductible: '$1,500.00', includesEra: false, recommended: false },
      { id: '3', name: 'Premium Protection', description: '', benefits: [], includedExtras: ['GPS'], dailyPrice: '$42.98', deductible: undefined, includesEra: true, recommended: true },
    ]);
    expect(eraDailyPrice).toBe('$3.99');
  });

  it('uses the sedan rate for a sedan, and the car-less rate when the car is gone', () => {
    expect(coverageStepProps({ coverages, extras }, { type: 'sedan' }, 399, 'es').coverages[0]).toMatchObject({ name: 'Protección Básica', dailyPrice: '$12.99' });
    expect(coverageStepProps({ coverages, extras }, undefined, 399, 'es').coverages.map((coverage) => coverage.dailyPrice)).toEqual(['$15.99', '$42.98']);
  });
});

describe('extrasStepProps', () => {
  it('prices the extras per day with their cap, the deliveries and the young-driver fees', () => {
    const props = extrasStepProps({ extras, deliveryOptions }, [{ minAge: 21, maxAge: 24, dailyRate: 1000 }], 'es');
    expect(props.extras).toEqual([
      { code: 'child_seat', name: 'Silla para niños', description: 'Hasta 18 kg', dailyPrice: '$7.00', capPerRental: '$70.00', maxQuantity: 2, includedIn: undefined },
      { code: 'gps', name: 'GPS', description: '', dailyPrice: '$5.00', capPerRental: undefined, maxQuantity: 1, includedIn: undefined },
    ]);
    expect(props.deliveryOptions).toEqual([
      { id: '4', description: 'Entrega en tu hotel', price: '$25.00', needsFlightNumber: false },
      { id: '5', description: 'Un agente te espera', price: '$15.00', needsFlightNumber: true },
    ]);
    expect(props.youngDriverBands).toEqual([{ minAge: 21, maxAge: 24, dailyPrice: '$10.00' }]);
    expect(extrasStepProps({ extras, deliveryOptions }, [], 'en').deliveryOptions[0]?.description).toBe('Delivery to your hotel');
  });

  it('says which extras the chosen coverage includes, naming the coverage, and which it does not', () => {
    const premium = coverages[1];
    expect(extrasStepProps({ extras, deliveryOptions }, [], 'en', premium).extras.map((extra) => [extra.code, extra.includedIn])).toEqual([['child_seat', undefined], ['gps', 'Premium Protection']]);
    expect(extrasStepProps({ extras, deliveryOptions }, [], 'es', coverages[0]).extras.every((extra) => extra.includedIn === undefined)).toBe(true);
  });
});
