import 'server-only';
import { cookies } from 'next/headers';
import { clearCookie, FLOW_STEP_COOKIE, PRECHECKIN_SESSION_COOKIE, readCookie, writeCookie, type CookieReader, type CookieWriter } from '@/lib/cookies';
import { signValue, verifySignedValue } from '@/lib/signed-value';
import { readReservationById, type SavedReservation } from '@/content';
import { DIRECT_ACCESS_ORDER } from './precheckin-paths';

/**
 * Which reservation the renter is pre-checking in: its id, signed, in an http-only cookie set once the number and
 * email matched. Nothing else about the renter lives in the browser; the record is in the content service.
 */

const PRECHECKIN_PURPOSE = 'precheckin';

type FlowStep = (typeof DIRECT_ACCESS_ORDER)[number];

/** The reservation id of the renter's pre-check-in session, when its signature holds. */
export function readPrecheckinSessionId(jar: CookieReader): string | undefined {
  return verifySignedValue(PRECHECKIN_PURPOSE, readCookie(jar, PRECHECKIN_SESSION_COOKIE));
}

/** The reservation being pre-checked in, read again from the content service (never from the cookie). */
export async function readPrecheckinReservation(): Promise<SavedReservation | undefined> {
  const id = readPrecheckinSessionId(await cookies());
  return id === undefined ? undefined : readReservationById(id);
}

/** Starts a pre-check-in of this reservation; a flow reached for another one starts over. */
export function startPrecheckinSession(jar: CookieWriter, reservationId: string): void {
  writeCookie(jar, PRECHECKIN_SESSION_COOKIE, signValue(PRECHECKIN_PURPOSE, reservationId));
  clearCookie(jar, FLOW_STEP_COOKIE);
}

/** Opens `step` (and the ones before it) to prevent-direct-access; never moves the renter back. */
export function reachFlowStep(jar: CookieReader & CookieWriter, step: FlowStep): void {
  const order: readonly string[] = DIRECT_ACCESS_ORDER;
  const current = readCookie(jar, FLOW_STEP_COOKIE);
  if (current !== undefined && order.indexOf(current) >= order.indexOf(step)) return;
  writeCookie(jar, FLOW_STEP_COOKIE, step);
}
