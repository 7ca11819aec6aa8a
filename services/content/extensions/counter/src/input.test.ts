import { describe, expect, it } from 'vitest';
import { noShowInput, pickupInput, returnInput } from '@rentacar/domain/rentals';
import { parseBody } from './input';

describe('counter input', () => {
  it('takes a pickup of mileage and fuel in eighths, with notes and photos', () => {
    expect(parseBody(pickupInput, { mileage: 12_345, fuel_eighths: 8, notes: ' scratch on the rear bumper ' })).toEqual({
      value: { mileage: 12_345, fuel_eighths: 8, notes: 'scratch on the rear bumper' },
    });
  });

  it('refuses fuel outside 0-8 or not whole, a negative or fractional mileage, naming the field', () => {
    expect(parseBody(pickupInput, { mileage: 10, fuel_eighths: 9 })).toMatchObject({ problem: { field: 'fuel_eighths' } });
    expect(parseBody(pickupInput, { mileage: 10, fuel_eighths: 4.5 })).toMatchObject({ problem: { field: 'fuel_eighths' } });
    expect(parseBody(pickupInput, { mileage: -1, fuel_eighths: 4 })).toMatchObject({ problem: { field: 'mileage' } });
    expect(parseBody(pickupInput, { fuel_eighths: 4 })).toMatchObject({ problem: { field: 'mileage' } });
    expect(parseBody(pickupInput, { mileage: '10', fuel_eighths: 4 })).toMatchObject({ problem: { field: 'mileage' } });
  });

  it('refuses a field it does not know, and photos that are not file ids', () => {
    expect(parseBody(pickupInput, { mileage: 1, fuel_eighths: 1, rental_status: 'returned' })).toEqual({
      problem: { field: 'rental_status', message: '"rental_status" is not accepted here' },
    });
    expect(parseBody(pickupInput, { mileage: 1, fuel_eighths: 1, photos: ['a.jpg'] })).toMatchObject({ problem: { field: 'photos.0' } });
  });

  it('takes a return with a damage amount in whole cents, and a no-show with nothing or a note', () => {
    expect(parseBody(returnInput, { mileage: 12_900, fuel_eighths: 5, damage_amount: 25_000, damage_notes: 'dent' })).toEqual({
      value: { mileage: 12_900, fuel_eighths: 5, damage_amount: 25_000, damage_notes: 'dent' },
    });
    expect(parseBody(returnInput, { mileage: 1, fuel_eighths: 5, damage_amount: 10.5 })).toMatchObject({ problem: { field: 'damage_amount' } });
    expect(parseBody(noShowInput, undefined)).toEqual({ value: {} });
    expect(parseBody(noShowInput, [])).toMatchObject({ problem: { field: null } });
  });

  it('takes a deposit at pickup in cents with how it was taken, both or neither', () => {
    expect(parseBody(pickupInput, { mileage: 1, fuel_eighths: 8, deposit_amount: 20_000, deposit_method: 'cash' })).toEqual({
      value: { mileage: 1, fuel_eighths: 8, deposit_amount: 20_000, deposit_method: 'cash' },
    });
    expect(parseBody(pickupInput, { mileage: 1, fuel_eighths: 8, deposit_amount: 20_000 })).toMatchObject({ problem: { field: 'deposit_method' } });
    expect(parseBody(pickupInput, { mileage: 1, fuel_eighths: 8, deposit_amount: 200.5, deposit_method: 'cash' })).toMatchObject({ problem: { field: 'deposit_amount' } });
    expect(parseBody(pickupInput, { mileage: 1, fuel_eighths: 8, deposit_amount: 100, deposit_method: 'cheque' })).toMatchObject({ problem: { field: 'deposit_method' } });
    expect(parseBody(returnInput, { mileage: 1, fuel_eighths: 8, deposit_kept_amount: 1_500 })).toEqual({ value: { mileage: 1, fuel_eighths: 8, deposit_kept_amount: 1_500 } });
  });
});
