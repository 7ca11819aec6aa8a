import 'server-only';
import { cookies } from 'next/headers';
import { MANAGE_BOOKING_COOKIE, readCookie } from '@/lib/cookies';
import { verifySignedValue } from '@/lib/signed-value';
import { readReservationById, type SavedReservation } from '@/content';

export const MANAGE_PURPOSE = 'manage_booking';

/** The reservation the renter found by number and email (its signed id is in a short-lived cookie), or undefined. */
export async function readManagedReservation(): Promise<SavedReservation | undefined> {
  const id = verifySignedValue(MANAGE_PURPOSE, readCookie(await cookies(), MANAGE_BOOKING_COOKIE));
  return id === undefined ? undefined : readReservationById(id);
}
