import { describe, expect, it } from 'vitest';
import { RENTAL_ACTIONS } from '@rentacar/domain/rentals';
import type { Knex } from '../../shared/directus';
import { COUNTER_WRITES, type ReservationRow } from './writes';

const row: ReservationRow = {
  id: 7, reservation_number: 'FF-7K3M9Q', brand: null, status: 'paid', rental_status: 'picked_up', pickup_branch: 3, return_branch: null,
  pickup_date: '2026-12-01T10:00', return_date: '2026-12-04T10:00', mileage_out: 12_000, fuel_out: 8, deposit_amount: 20_000,
  return_receipt_sent_at: null, return_collection: null, vehicle: null, vehicle_assigned_at: null,
};
const now = new Date('2026-12-04T15:00:00Z');
const context = {
  now, staff: { user: 'u-1', branch: 3, admin: false }, trx: (() => { throw new Error('no query expected'); }) as unknown as Knex,
  updateVehicle: () => Promise.reject(new Error('no unit expected')),
};

describe('the counter\'s writes', () => {
  it('has one for every action of the domain, and no other', () => {
    expect(Object.keys(COUNTER_WRITES).sort()).toEqual([...RENTAL_ACTIONS].sort());
  });

  it('records the handover: who, where, the mileage, fuel, notes, photos and deposit', async () => {
    expect(await COUNTER_WRITES.pickup({ mileage: 12_000, fuel_eighths: 8, deposit_amount: 20_000, deposit_method: 'cash' }, { ...row, rental_status: 'booked' }, context)).toEqual({
      set: {
        picked_up_at: now.toISOString(), picked_up_by: 'u-1', pickup_branch_actual: 3, mileage_out: 12_000, fuel_out: 8,
        pickup_notes: null, pickup_photos: [], deposit_amount: 20_000, deposit_method: 'cash',
      },
    });
  });

  it('refuses a return below the pickup\'s mileage, and one keeping more of the deposit than the charges', async () => {
    expect(await COUNTER_WRITES.return({ mileage: 11_999, fuel_eighths: 8 }, row, context)).toEqual({
      unprocessable: { message: 'The mileage is below the 12000 km recorded at pickup', code: 'MILEAGE_BELOW_PICKUP', field: 'mileage' },
    });
    expect(await COUNTER_WRITES.return({ mileage: 12_300, fuel_eighths: 8, damage_amount: 500, deposit_kept_amount: 600 }, row, context)).toMatchObject({
      unprocessable: { code: 'DEPOSIT_KEEP_REFUSED', field: 'deposit_kept_amount', reason: 'more_than_charges', max: 500 },
    });
  });

  it('takes the car back with its charges and gives back the rest of the deposit; a no-show keeps its note', async () => {
    expect(await COUNTER_WRITES.return({ mileage: 12_300, fuel_eighths: 8, damage_amount: 500, deposit_kept_amount: 500 }, row, context)).toEqual({
      set: {
        deposit_refunded_at: now.toISOString(), deposit_kept_amount: 500, returned_at: now.toISOString(), returned_by: 'u-1', mileage_in: 12_300,
        fuel_in: 8, damage_notes: null, damage_photos: [], return_charges: [{ code: 'damage', amount: 500 }],
      },
    });
    expect(await COUNTER_WRITES.no_show({ notes: 'No vino' }, row, context)).toEqual({ set: { no_show_at: now.toISOString(), pickup_notes: 'No vino' } });
  });
});
