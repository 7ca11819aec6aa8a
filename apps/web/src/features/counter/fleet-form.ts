import { z } from 'zod';
import { BOARD_STATES, vehicleStatusInput, type BoardState, type VehicleStatus, type VehicleStatusInput } from '@rentacar/domain/vehicles';

/**
 * The fleet board's rules that the page, its form and the server share (docs/fleet.md, "At the counter"): the units
 * grouped by board state and filtered by class, and the status form, which is the domain's `vehicleStatusInput` as
 * staff type it (every field a string, the messages catalogue keys).
 */

/** The form as typed: the new status, a note, and (in maintenance or out of service) from when it may be rented again. */
export type VehicleStatusFormValues = { status: string; note: string; availableFrom: string };

/** The statuses that take a unit off the road, and so take an `available_from`. */
export function isOffRoad(status: string): status is Extract<VehicleStatus, 'in_maintenance' | 'out_of_service'> {
  return status === 'in_maintenance' || status === 'out_of_service';
}

const input = vehicleStatusInput.shape;

/** Each field checked by the domain's own rule for it, refused with the catalogue key the form shows. */
export const vehicleStatusForm = z.object({
  status: z.string().refine((value) => input.status.safeParse(value).success, 'counterFleet.errors.statusRequired'),
  note: z.string().refine((value) => input.note.safeParse(value).success, 'counterFleet.errors.noteTooLong'),
  availableFrom: z.string().refine((value) => value.trim() === '' || input.available_from.safeParse(value.trim()).success, 'counterFleet.errors.availableFromInvalid'),
});

/** The content service's body of a checked form: an empty note is none; `available_from` only off the road. */
export function vehicleStatusBody(values: VehicleStatusFormValues): VehicleStatusInput {
  const note = values.note.trim();
  const from = values.availableFrom.trim();
  return vehicleStatusInput.parse({ status: values.status, ...(note ? { note } : {}), ...(isOffRoad(values.status) && from ? { available_from: from } : {}) });
}

/** The form's field of a body field the content service names (`available_from` → `availableFrom`), if it has one. */
export function formFieldOfBody(field: string): keyof VehicleStatusFormValues | undefined {
  if (field === 'available_from') return 'availableFrom';
  return field === 'status' || field === 'note' ? field : undefined;
}

/** An ACRISS code as a filter takes it (`CDAR`, `EC**`... four letters or stars), upper-cased, or undefined. */
export function acrissClass(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z*]{4}$/.test(code) ? code : undefined;
}

/** The ACRISS classes of the board's units, sorted: the class filter's choices. */
export function fleetClasses(units: readonly { car: { class: string | null } }[]): string[] {
  return [...new Set(units.flatMap((unit) => (unit.car.class ? [unit.car.class] : [])))].sort();
}

/** The units of `className` (all of them without one), by board state, in the board's order. */
export function groupFleet<Unit extends { state: BoardState; car: { class: string | null } }>(units: readonly Unit[], className?: string): Array<{ state: BoardState; units: Unit[] }> {
  const shown = className === undefined ? units : units.filter((unit) => unit.car.class === className);
  return BOARD_STATES.map((state) => ({ state, units: shown.filter((unit) => unit.state === state) }));
}
