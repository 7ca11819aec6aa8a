import { z } from 'zod';
import { normalizeLocalDateTimeSeconds } from '../dates/local-seconds';
import { isPanamaPlate, normalizePlate, VEHICLE_STATUSES } from './identity';

/**
 * What the counter does with units (docs/fleet.md): the fleet board's states, a unit's status change, and a booking's
 * unit chosen or swapped by staff.
 */

export const MAX_VEHICLE_NOTE = 2000;

/** A plate as typed at the counter ("ab-1234"), normalised ("AB1234"); refused unless it has Panama's form. */
export const plateText = z
  .string()
  .max(16)
  .transform((value) => normalizePlate(value))
  .refine((value) => isPanamaPlate(value), 'must be a Panama plate: two letters and four digits (AB-1234) or six digits');

/** POST /counter/vehicles/{plate}/status: the new status, why, and for a unit taken off the road when it is back. */
export const vehicleStatusInput = z.strictObject({
  status: z.enum(VEHICLE_STATUSES),
  note: z.string().trim().max(MAX_VEHICLE_NOTE).optional(),
  /** Panama wall-clock (YYYY-MM-DDTHH:mm): from when a unit in maintenance or out of service may be rented again. */
  available_from: z
    .string()
    .refine((value) => normalizeLocalDateTimeSeconds(value) !== null, 'must be a Panama date-time YYYY-MM-DDTHH:mm')
    .transform((value) => normalizeLocalDateTimeSeconds(value) ?? value)
    .nullable()
    .optional(),
});
export type VehicleStatusInput = z.infer<typeof vehicleStatusInput>;

/** POST /counter/reservations/{number}/assign: the unit, and the reason when it is of another class (an upgrade). */
export const assignVehicleInput = z.strictObject({
  plate: plateText,
  reason: z.string().trim().min(1).max(MAX_VEHICLE_NOTE).optional(),
});
export type AssignVehicleInput = z.infer<typeof assignVehicleInput>;

/** How a booking got its unit: the assignment pass, staff choosing one of its class, or staff giving a better one. */
export const VEHICLE_ASSIGNMENTS = ['auto', 'staff', 'upgrade'] as const;
export type VehicleAssignment = (typeof VEHICLE_ASSIGNMENTS)[number];

/**
 * A staff member's choice of unit for a booking of `bookedClass` (ACRISS): one of the same class is a swap; another
 * class is an upgrade and needs its reason. Null: refused, a reason is needed.
 */
export function assignmentKind(bookedClass: string | null, unitClass: string | null, sameModel: boolean, reason: string | undefined): VehicleAssignment | null {
  if (sameModel || (bookedClass !== null && bookedClass === unitClass)) return 'staff';
  return reason ? 'upgrade' : null;
}

/** The fleet board's columns: the unit's own status while it is at the branch, or where it is on its way. */
export const BOARD_STATES = ['ready', 'needs_cleaning', 'in_maintenance', 'out_of_service', 'on_rent', 'arriving'] as const;
export type BoardState = (typeof BOARD_STATES)[number];

export function isBoardState(value: unknown): value is BoardState {
  return typeof value === 'string' && (BOARD_STATES as readonly string[]).includes(value);
}

/**
 * Where a unit stands on a branch's board: on rent while a rental has it (arriving, when that rental ends here and the
 * unit left from another branch), else its status.
 */
export function boardStateOf(unit: { status: string | null; currentBranch: string | null }, branch: string, rental: { returnBranch: string } | null): BoardState {
  if (rental !== null) return unit.currentBranch !== branch && rental.returnBranch === branch ? 'arriving' : 'on_rent';
  const status = unit.status;
  return status === 'needs_cleaning' || status === 'in_maintenance' || status === 'out_of_service' ? status : 'ready';
}

/** How many days ahead the fleet board and the Flota dashboard warn of a service. */
export const SERVICE_WARNING_DAYS = 14;

/** A unit due for a service: past its service mileage, or its service date within `SERVICE_WARNING_DAYS` of `today`. */
export function serviceDue(unit: { mileage: number | null; nextServiceKm: number | null; nextServiceDate: string | null }, today: string): boolean {
  if (unit.nextServiceKm !== null && unit.mileage !== null && unit.mileage >= unit.nextServiceKm) return true;
  if (unit.nextServiceDate === null) return false;
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + SERVICE_WARNING_DAYS);
  return unit.nextServiceDate <= limit.toISOString().slice(0, 10);
}

/** The counter's "assign or swap the car" form as typed; its issues are the storefront's catalogue keys. */
export const assignVehicleFormSchema = z.object({
  plate: z.string().refine((value) => isPanamaPlate(normalizePlate(value)), 'counterActions.errors.plateInvalid'),
  reason: z.string().max(MAX_VEHICLE_NOTE, 'counterActions.errors.notesTooLong'),
});
export type AssignVehicleForm = z.infer<typeof assignVehicleFormSchema>;
