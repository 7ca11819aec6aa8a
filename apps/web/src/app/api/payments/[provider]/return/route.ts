import type { NextRequest } from 'next/server';
import { handlePaymentReturn } from '@/features/checkout';

/** GET /api/payments/{provider}/return?key=...&locale=...: a gateway sends the renter back here after acting. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ provider: string }> }) {
  return handlePaymentReturn(request, (await params).provider);
}
