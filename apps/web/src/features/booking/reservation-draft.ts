import 'server-only';
import { cookies } from 'next/headers';
import { RESERVATION_DRAFT_COOKIE } from '@/lib/cookies';
import { parseJsonCookie, reservationDraftSchema, type ReservationDraft } from '@/features/guards/route-guards';

/** The renter's reservation draft from its cookie, or undefined when absent or malformed. */
export async function readReservationDraft(): Promise<ReservationDraft | undefined> {
  return parseJsonCookie((await cookies()).get(RESERVATION_DRAFT_COOKIE.name)?.value, reservationDraftSchema);
}
