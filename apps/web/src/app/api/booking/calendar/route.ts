import type { NextRequest } from 'next/server';
import { readBookingDraft } from '@/features/booking';
import { calendarDownload } from '@/features/reservations';
import { apiLocale, errorResponse, withBookingErrors } from '@/shared/api';
import { issue } from '@/lib/issues';
import { readReservationById } from '@/content';

/** GET /api/booking/calendar: the .ics of the renter's finished booking (found through the draft cookie). */
export async function GET(request: NextRequest) {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const draft = await readBookingDraft();
    const saved = draft?.data.reservation?.done ? await readReservationById(draft.data.reservation.id) : undefined;
    if (!saved) return errorResponse(404, [issue('reservation', 'booking.errors.notFound', undefined, 'not_found')], locale);
    return calendarDownload(saved);
  });
}
