import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('package entry', () => {
  it.each([
    'BRANDS',
    'formatMoney',
    'boundedMemo',
    'percentOf',
    'parsePanamaDateTime',
    'timeSlots',
    'rentalDays',
    'minimumDays',
    'isBookableForDays',
    'quote',
    'evaluateCoupon',
    'generateReservationNumber',
    'createClientFormSchema',
    'VALIDATION_MESSAGE_KEYS',
    'ageOnDate',
  ])('re-exports %s', (name) => {
    expect(domain).toHaveProperty(name);
  });
});
