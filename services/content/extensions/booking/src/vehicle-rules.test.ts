import { describe, expect, it } from 'vitest';
import { checkVehicle, unitsBlockDeletion } from './vehicle-rules';

const now = new Date('2026-12-01T15:00:00Z');

describe('a unit as it is written', () => {
  it('stores the plate and VIN normalised, and when the status changed', () => {
    expect(checkVehicle({ plate: 'ab-1234', vin: 'knab2512amt123456', status: 'needs_cleaning' }, { create: true, now })).toEqual({
      payload: { plate: 'AB1234', vin: 'KNAB2512AMT123456', status: 'needs_cleaning', status_changed_at: now.toISOString() },
    });
    expect(checkVehicle({ mileage: 12_000 }, { create: false, now })).toEqual({ payload: { mileage: 12_000 } });
  });

  it('refuses a plate, VIN, fuel, mileage or status that cannot be', () => {
    expect(checkVehicle({ plate: 'ABC-123' }, { create: true, now })).toMatchObject({ problem: expect.stringContaining('plate') as unknown });
    expect(checkVehicle({ car: 1 }, { create: true, now })).toMatchObject({ problem: expect.stringContaining('plate') as unknown });
    expect(checkVehicle({ vin: 'SHORT' }, { create: false, now })).toMatchObject({ problem: expect.stringContaining('17') as unknown });
    expect(checkVehicle({ fuel_eighths: 9 }, { create: false, now })).toMatchObject({ problem: expect.stringContaining('fuel') as unknown });
    expect(checkVehicle({ mileage: -1 }, { create: false, now })).toMatchObject({ problem: expect.stringContaining('mileage') as unknown });
    expect(checkVehicle({ status: 'on_rent' }, { create: false, now })).toMatchObject({ problem: expect.stringContaining('status') as unknown });
  });

  it('times a status change, not a status written again unchanged', () => {
    const at = { status_changed_at: now.toISOString() };
    expect(checkVehicle({ plate: 'AB1234' }, { create: true, now })).toMatchObject({ payload: at });
    expect(checkVehicle({ status: 'ready' }, { create: false, now, currentStatuses: ['in_maintenance'] })).toMatchObject({ payload: at });
    expect(checkVehicle({ status: 'ready' }, { create: false, now })).toMatchObject({ payload: at });
    expect(checkVehicle({ status: 'ready', status_note: 'ok' }, { create: false, now, currentStatuses: ['ready'] })).toEqual({ payload: { status: 'ready', status_note: 'ok' } });
    expect(checkVehicle({ mileage: 5 }, { create: false, now, currentStatuses: ['ready'] })).toEqual({ payload: { mileage: 5 } });
  });
});

it('says which units keep a car model or a branch from being deleted', () => {
  expect(unitsBlockDeletion('flota', ['AB1234'])).toBe('car: units of this model are in Vehicles (AB-1234); give them another model or delete them first');
  expect(unitsBlockDeletion('branches', ['AB1234', 'AB1235', '123456', 'ZZ0001'])).toContain('(AB-1234, AB-1235, 123456 and more)');
});
