import { normalizeReservationNumber, RESERVATION_ALPHABET, RESERVATION_CODE_LENGTH } from '@rentacar/domain/reservation-number';

// A number inside longer text: two letters, an optional dash or space, six characters of the numbers' alphabet.
const EMBEDDED = new RegExp(`(?:^|[^A-Z0-9])([A-Z]{2}[-\\s]?[${RESERVATION_ALPHABET}]{${RESERVATION_CODE_LENGTH}})(?=$|[^A-Z0-9])`, 'g');

/**
 * The reservation number in what a scan or a typing gave: the number itself (the renter's QR code carries only the
 * number, `FF-7K3M9Q`), typed loosely (`ff 7k3m9q`), or a text or address containing it
 * (`https://…/mi-reserva?numero=FF-7K3M9Q`). Null when there is none.
 */
export function numberFromScan(text: string): string | null {
  const direct = normalizeReservationNumber(text.trim());
  if (direct !== null) return direct;
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // Not percent-encoded text: read as it is.
  }
  for (const match of decoded.toUpperCase().matchAll(EMBEDDED)) {
    const number = match[1] === undefined ? null : normalizeReservationNumber(match[1]);
    if (number !== null) return number;
  }
  return null;
}
