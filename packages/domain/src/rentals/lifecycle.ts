/**
 * The rental lifecycle of a reservation, beside its payment `status` (unpaid, paid, cancelled), which it does not
 * change: a booking is `booked` until the counter hands the car over (`picked_up`) and takes it back (`returned`); a
 * renter who never came is marked `no_show` by staff once the pickup time has passed. `returned` and `no_show` are
 * final. See docs/counter.md. (The counter's actions that move it are described in `counter-actions.ts`.)
 */
export const RENTAL_STATUSES = ['booked', 'picked_up', 'returned', 'no_show'] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];
export const DEFAULT_RENTAL_STATUS: RentalStatus = 'booked';

export function isRentalStatus(value: unknown): value is RentalStatus {
  return typeof value === 'string' && (RENTAL_STATUSES as readonly string[]).includes(value);
}

/** A stored rental status; null or a value outside the list (a row older than the field) reads as `booked`. */
export function rentalStatusOf(value: unknown): RentalStatus {
  return isRentalStatus(value) ? value : DEFAULT_RENTAL_STATUS;
}

/** A fuel gauge in eighths of a tank: 0 (empty) to 8 (full). */
export const FUEL_EIGHTHS_MAX = 8;

export function isFuelEighths(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= FUEL_EIGHTHS_MAX;
}
