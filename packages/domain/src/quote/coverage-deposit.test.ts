import { describe, expect, it } from 'vitest';
import { coverageDeposit } from './index';

const premium = { depositSedan: 25_000, depositOther: 50_000 };

describe('coverageDeposit', () => {
  it('takes the sedan amount for sedans and hatchbacks', () => {
    expect(coverageDeposit(premium, 'sedan')).toBe(25_000);
    expect(coverageDeposit(premium, 'hatchback')).toBe(25_000);
  });

  it('takes the other amount for every other body type, and for a type it does not know', () => {
    expect(coverageDeposit(premium, 'suv')).toBe(50_000);
    expect(coverageDeposit(premium, 'pickup')).toBe(50_000);
    expect(coverageDeposit(premium, 'van')).toBe(50_000);
    expect(coverageDeposit(premium, 'limousine')).toBe(50_000);
  });
});
