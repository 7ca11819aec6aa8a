import 'server-only';
import type { Messages } from 'next-intl';
import { isPanamaPlate, normalizePlate, type VehicleStatusInput } from '@rentacar/domain/vehicles';
import { changeVehicleStatus, readCounterFleet, type CounterFleet, type CounterFleetQuery, type CounterWriteRefusal } from '@/content';
import type { CounterActionsErrorKey } from '@/lib/issues';
import type { CounterStaff } from './staff';

/**
 * The fleet board's reads and its one action (docs/fleet.md, "At the counter"), for the API and the screen alike: the
 * content service's `/counter/vehicles` routes with the staff member's own token, its refusals as problems in one shape
 * (the status, the field, the stable code and the catalogue key of the message, translated where it is shown).
 */

export type FleetMessage = `counterFleet.errors.${keyof Messages['counterFleet']['errors']}` | `counterActions.errors.${CounterActionsErrorKey}` | 'booking.errors.invalidJson';

export type FleetProblem = { status: number; field: string; code: string; message: FleetMessage; params?: Record<string, string | number> };

export function fleetProblemOfStaff(status: 401 | 403): FleetProblem {
  return status === 401
    ? { status, field: 'authorization', code: 'unauthenticated', message: 'counterActions.errors.signIn' }
    : { status, field: 'authorization', code: 'forbidden', message: 'counterActions.errors.forbidden' };
}

/** The content service's refusal of a board read or a status change; `plate`: the unit asked about. */
export function fleetProblemOf(refusal: CounterWriteRefusal, plate = ''): FleetProblem {
  switch (refusal.status) {
    case 401:
      return fleetProblemOfStaff(401);
    case 403:
      if (refusal.code === 'OTHER_BRANCH') return { status: 403, field: 'plate', code: 'other_branch', message: 'counterFleet.errors.otherBranch' };
      if (refusal.code === 'NO_BRANCH') return { status: 403, field: 'authorization', code: 'no_branch', message: 'counterFleet.errors.noBranch' };
      return fleetProblemOfStaff(403);
    case 404:
      return { status: 404, field: 'plate', code: 'not_found', message: 'counterFleet.errors.notFound', params: { plate } };
    case 409:
      return refusal.code === 'VEHICLE_ON_RENT'
        ? { status: 409, field: 'status', code: 'vehicle_on_rent', message: 'counterFleet.errors.vehicleOnRent' }
        : { status: 409, field: 'status', code: 'conflict', message: 'counterActions.errors.unavailable' };
    default: {
      // An administrator asking for the board of no branch: the content service names `branch`.
      if (refusal.field === 'branch') return { status: 400, field: 'branch', code: 'branch_required', message: 'counterFleet.errors.branchRequired' };
      const field = refusal.field ?? 'body';
      return { status: 400, field, code: 'invalid_value', message: 'counterFleet.errors.invalid', params: { field } };
    }
  }
}

/** A branch's board as the staff member reads it (their own branch unless `query.branch` names another), or the problem. */
export async function loadFleet(staff: CounterStaff, query: CounterFleetQuery = {}): Promise<{ ok: true; fleet: CounterFleet } | { ok: false; problem: FleetProblem }> {
  const answer = await readCounterFleet(staff.token, query);
  return 'refused' in answer ? { ok: false, problem: fleetProblemOf(answer.refused) } : { ok: true, fleet: answer };
}

/** A unit's new status as the staff member sets it: the content service's answer (the unit, the bookings moved), or the problem. */
export async function setVehicleStatus(staff: CounterStaff, plate: string, body: VehicleStatusInput): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; problem: FleetProblem }> {
  const normalized = normalizePlate(plate.slice(0, 32));
  // Nothing that cannot be a plate reaches the content service: no car has it.
  if (!isPanamaPlate(normalized)) return { ok: false, problem: fleetProblemOf({ status: 404, code: 'NOT_FOUND', message: '' }, plate.slice(0, 32)) };
  const answer = await changeVehicleStatus(staff.token, normalized, body);
  return answer.ok ? answer : { ok: false, problem: fleetProblemOf(answer.refusal, normalized) };
}

/** The bookings a status change moved to another unit, and those now without one ("needs a car"), from its answer. */
export function settledBookings(data: Record<string, unknown>): { moved: number; needsVehicle: string[] } {
  const moved = Array.isArray(data.moved) ? data.moved.length : 0;
  const needsVehicle = Array.isArray(data.needs_vehicle) ? data.needs_vehicle.filter((number): number is string => typeof number === 'string') : [];
  return { moved, needsVehicle };
}
