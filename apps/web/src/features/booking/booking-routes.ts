import type { BookingStep } from './booking-draft';

/** Paths of the booking flow, without the language prefix. */
export const RESERVATION_PATH = '/reserva';
export const CHECKOUT_PATH = '/reserva/checkout';
export const THANKS_PATH = '/reserva/thanks';

/** The flow's step lives in the URL: `/reserva?paso=coverage`. */
export const STEP_PARAM = 'paso';

export function stepPath(step: BookingStep): string {
  return `${RESERVATION_PATH}?${STEP_PARAM}=${step}`;
}
