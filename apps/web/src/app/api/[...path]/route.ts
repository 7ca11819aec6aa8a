import type { NextRequest } from 'next/server';
import { issue } from '@/features/booking/booking-issues';
import { apiLocale, errorResponse } from '@/features/booking/api/booking-api';

/**
 * Any `/api/...` address no route answers: 404 in the API's error shape, in the Accept-Language language. Without it
 * Next would answer with the storefront's HTML "Page Not Found", and take a multipart POST for a server action of that
 * page (a 500 when its body does not parse).
 */
function unknownApiPath(request: NextRequest) {
  return errorResponse(404, [issue('path', 'booking.errors.unknownApiPath')], apiLocale(request));
}

export const GET = unknownApiPath;
export const HEAD = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
export const OPTIONS = unknownApiPath;
