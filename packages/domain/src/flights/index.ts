// zod/mini: the booking's extras step checks the flight number in the browser too.
import { z } from 'zod/mini';

// An IATA flight number: the airline's two-character code (two letters, or a letter and a digit either way round),
// 1 to 4 digits, and sometimes an operational suffix letter.
const FLIGHT_NUMBER = /^([A-Z]{2}|[A-Z][0-9]|[0-9][A-Z])[0-9]{1,4}[A-Z]?$/;

/** An IATA flight number as typed ("cm 123", "CM0123"): upper case without spaces, or null when it is not one. */
export function normalizeFlightNumber(value: string): string | null {
  const compact = value.replace(/[\s-]+/g, '').toUpperCase();
  return FLIGHT_NUMBER.test(compact) ? compact : null;
}

/** Longer than any flight number however spaced: a body or form value past it is refused before it is read. */
export const FLIGHT_NUMBER_MAX_LENGTH = 16;

/** Why a booking's flight number is refused: its delivery option meets the renter's flight and none was given, or it is not one. */
export type FlightNumberProblem = 'flight_number_required' | 'flight_number_invalid';

/** The message (a key of the storefront's messages) telling the renter about a flight number problem. */
export const FLIGHT_NUMBER_MESSAGES = {
  flight_number_required: 'validation.flightNumberRequired',
  flight_number_invalid: 'validation.flightNumber',
} as const satisfies Record<FlightNumberProblem, string>;

/**
 * A booking's flight number against its delivery option: an option that meets the renter at the airport (meet &
 * greet, `needsFlightNumber`) needs one, and one given must be a flight number, also when the option does not need
 * it. `flightNumber` is what the reservation keeps: normalized, undefined when none was given.
 */
export function checkFlightNumber(
  needsFlightNumber: boolean,
  value: string | null | undefined,
): { ok: true; flightNumber: string | undefined } | { ok: false; problem: FlightNumberProblem } {
  const typed = value?.trim() ?? '';
  if (typed === '') return needsFlightNumber ? { ok: false, problem: 'flight_number_required' } : { ok: true, flightNumber: undefined };
  const normalized = typed.length > FLIGHT_NUMBER_MAX_LENGTH ? null : normalizeFlightNumber(typed);
  return normalized === null ? { ok: false, problem: 'flight_number_invalid' } : { ok: true, flightNumber: normalized };
}

/**
 * The delivery choice of the booking's extras step: the option's id ('' = none) and the flight number typed beside
 * it, required when the option is one of `optionsNeedingFlightNumber` (ids); the flight number comes out normalized
 * ('' when none is kept). Other fields of the form pass through.
 */
export function createDeliveryChoiceSchema(optionsNeedingFlightNumber: readonly string[]) {
  return z.pipe(
    // Loose: the step's other fields (the extras' quantities) pass through untouched.
    z.looseObject({ deliveryOptionId: z.string(), flightNumber: z.string() }).check(
      z.superRefine((value, ctx) => {
        const checked = checkFlightNumber(optionsNeedingFlightNumber.includes(value.deliveryOptionId), value.flightNumber);
        if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['flightNumber'], message: FLIGHT_NUMBER_MESSAGES[checked.problem], input: value.flightNumber });
      }),
    ),
    z.transform((value) => ({
      ...value,
      // A flight number is kept only with an option that meets a flight: the renter may have typed one, then chosen another.
      flightNumber: optionsNeedingFlightNumber.includes(value.deliveryOptionId) ? (normalizeFlightNumber(value.flightNumber) ?? '') : '',
    })),
  );
}
