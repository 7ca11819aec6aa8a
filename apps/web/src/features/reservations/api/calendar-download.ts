import 'server-only';
import { NextResponse } from 'next/server';
import type { SavedReservation } from '@/content';
import { reservationIcs, reservationIcsContentType, reservationIcsFileName } from '../reservation-calendar';
import { reservationSummary } from '../reservations';

/** A saved reservation's calendar file as a download, in its booking's language (the thanks page's button). */
export async function calendarDownload(reservation: SavedReservation): Promise<NextResponse> {
  const summary = await reservationSummary(reservation, reservation.locale);
  return new NextResponse(reservationIcs(summary), {
    headers: {
      'Content-Type': reservationIcsContentType(summary),
      'Content-Disposition': `attachment; filename="${reservationIcsFileName(reservation.number)}"`,
    },
  });
}
