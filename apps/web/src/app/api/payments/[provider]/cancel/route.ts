import type { NextRequest } from 'next/server';
import { handlePaymentCancel } from '@/features/checkout';

/** GET /api/payments/{provider}/cancel?key=...&locale=...: the renter cancelled at the gateway (PayPal). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ provider: string }> }) {
  return handlePaymentCancel(request, (await params).provider);
}
