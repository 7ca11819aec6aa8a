import 'server-only';
import { cookies } from 'next/headers';
import { RESERVATION_DRAFT_COOKIE, readCookie } from '@/lib/cookies';
import { parseJsonCookie, reservationDraftSchema, type ReservationDraft } from '@/features/guards/route-guards';

/** The renter's reservation draft from its cookie, or undefined when absent or malformed. */
export async function readReservationDraft(): Promise<ReservationDraft | undefined> {
  return parseJsonCookie(readCookie(await cookies(), RESERVATION_DRAFT_COOKIE), reservationDraftSchema);
}
