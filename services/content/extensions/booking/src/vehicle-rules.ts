// What a unit (`vehicles`) must be, whoever writes it (the admin, the counter, an import): its plate in Panama's form
// and stored normalised, a VIN of 17 characters when given, fuel 0-8, mileage 0 or more; and the time its status
// changed, set with the status. Checked by hooks.ts before the write (400 InvalidPayloadError naming the field); and
// why a car model or branch with units is not deleted.
import { formatPlate, isPanamaPlate, isVehicleStatus, normalizePlate, normalizeVin, VEHICLE_STATUSES, vinProblem } from '@rentacar/domain/vehicles';
import { isPlainObject } from '../../shared/endpoint';

export type VehicleCheck = { payload: Record<string, unknown> } | { problem: string };

/**
 * The payload as stored (plate and VIN normalised, `status_changed_at` when the status changes), or the first problem.
 * `currentStatuses`: on an update, the statuses of the rows it writes (a status written again unchanged keeps its time);
 * unknown = it changes. A new unit's status (given or the default) starts its time.
 */
export function checkVehicle(
  payload: unknown,
  { create, now, currentStatuses }: { create: boolean; now: Date; currentStatuses?: readonly unknown[] },
): VehicleCheck {
  if (!isPlainObject(payload)) return { payload: {} };
  const out: Record<string, unknown> = { ...payload };
  if ('plate' in payload || create) {
    if (typeof payload.plate !== 'string' || !isPanamaPlate(payload.plate)) {
      return { problem: 'plate: not a Panama plate; Panama format AB-1234 (two letters, four digits) or 123456 (older cars)' };
    }
    out.plate = normalizePlate(payload.plate);
  }
  if (payload.vin !== undefined && payload.vin !== null && payload.vin !== '') {
    if (typeof payload.vin !== 'string') return { problem: 'vin: text of 17 characters' };
    const problem = vinProblem(payload.vin);
    if (problem) return { problem: `vin: ${problem}` };
    out.vin = normalizeVin(payload.vin);
  }
  if (payload.fuel_eighths !== undefined && payload.fuel_eighths !== null) {
    if (!(Number.isInteger(payload.fuel_eighths) && (payload.fuel_eighths as number) >= 0 && (payload.fuel_eighths as number) <= 8)) {
      return { problem: 'fuel_eighths: eighths of a tank, 0 (empty) to 8 (full)' };
    }
  }
  if (payload.mileage !== undefined && payload.mileage !== null && !(Number.isInteger(payload.mileage) && (payload.mileage as number) >= 0)) {
    return { problem: 'mileage: whole km, 0 or more' };
  }
  if ('status' in payload) {
    if (!isVehicleStatus(payload.status)) return { problem: `status: one of ${VEHICLE_STATUSES.join(', ')}` };
    const changes = create || !currentStatuses || currentStatuses.length === 0 || currentStatuses.some((status) => status !== payload.status);
    if (changes) out.status_changed_at = now.toISOString();
  } else if (create) {
    out.status_changed_at = now.toISOString();
  }
  return { payload: out };
}

/** Why a car model (`flota`) or a branch cannot be deleted: `plates`, some of the units it still has (up to 4). */
export function unitsBlockDeletion(collection: 'flota' | 'branches', plates: readonly string[]): string {
  const shown = plates.slice(0, 3).map(formatPlate).join(', ');
  const listed = plates.length > 3 ? `${shown} and more` : shown;
  return collection === 'flota'
    ? `car: units of this model are in Vehicles (${listed}); give them another model or delete them first`
    : `branch: units are at this branch (${listed}); move them to another branch (current_branch) or delete them first`;
}
