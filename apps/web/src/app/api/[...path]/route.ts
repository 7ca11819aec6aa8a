import { NextResponse, type NextRequest } from 'next/server';
import { issue, translateIssues } from '@/features/booking/booking-issues';
import { acceptLanguageLocale } from '@/features/i18n/locale-detection';

/**
 * Any `/api/...` address no route answers: 404 in the API's error shape, in the Accept-Language language. Without it
 * Next would answer with the storefront's HTML "Page Not Found", and take a multipart POST for a server action of that
 * page (a 500 when its body does not parse).
 */
function unknownApiPath(request: NextRequest) {
  const errors = translateIssues([issue('path', 'booking.errors.unknownApiPath')], acceptLanguageLocale(request));
  return NextResponse.json({ errors }, { status: 404 });
}

export const GET = unknownApiPath;
export const HEAD = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
export const OPTIONS = unknownApiPath;
