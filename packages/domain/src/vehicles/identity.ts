/**
 * What identifies a unit: its plate and, optionally, its VIN; and the states staff give it.
 *
 * Panama's passenger plates: two letters and four digits since the 2013 series ("AB-1234"), six digits on older cars
 * ("123456"). Stored normalised: capitals, without spaces or hyphens.
 */

export const VEHICLE_STATUSES = ['ready', 'needs_cleaning', 'in_maintenance', 'out_of_service'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

export function isVehicleStatus(value: unknown): value is VehicleStatus {
  return typeof value === 'string' && (VEHICLE_STATUSES as readonly string[]).includes(value);
}

/** A plate as typed ("ab-1234", "AB 1234"): capitals, without spaces or hyphens ("AB1234"). */
export function normalizePlate(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

const PLATE = /^(?:[A-Z]{2}\d{4}|\d{6})$/;

/** Whether `text` (normalised first) has the form of a Panama passenger plate. */
export function isPanamaPlate(text: string): boolean {
  return PLATE.test(normalizePlate(text));
}

/** A plate as shown to people: "AB-1234"; six digits stay as they are. */
export function formatPlate(plate: string): string {
  const normalised = normalizePlate(plate);
  return /^[A-Z]{2}\d{4}$/.test(normalised) ? `${normalised.slice(0, 2)}-${normalised.slice(2)}` : normalised;
}

/** A VIN as typed: capitals, without spaces. */
export function normalizeVin(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/**
 * Why a VIN (normalised first) is refused, or null: 17 letters and digits without I, O and Q (ISO 3779). The check
 * digit in the ninth place is not required: it is a North-American rule, and most cars in Panama are Asian imports
 * whose VIN has none.
 */
export function vinProblem(text: string): string | null {
  const vin = normalizeVin(text);
  if (vin.length !== 17) return 'a VIN has 17 characters';
  if (/[IOQ]/.test(vin)) return 'a VIN has no I, O or Q';
  if (!/^[A-Z0-9]{17}$/.test(vin)) return 'a VIN has only letters and digits';
  return null;
}
