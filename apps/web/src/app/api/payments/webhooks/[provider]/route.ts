import { NextResponse, type NextRequest } from 'next/server';
import { ContentServiceError } from '@/content';
import { handleWebhook } from '@/features/payments';
import { logFor } from '@/lib/log';

const log = logFor('payments');

const MAX_BODY_BYTES = 256 * 1024;

/**
 * POST /api/payments/webhooks/{metrobank|paypal}: a gateway's event. 400 for a bad signature (logged), 503 while the
 * content service cannot record it (the gateway retries), 200 otherwise, also for events about nothing we know.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ provider: string }> }) {
  const { provider } = await params;
  const raw = await request.text();
  if (raw.length > MAX_BODY_BYTES) return NextResponse.json({ errors: [{ field: 'body', code: 'too_large', message: 'Body too large' }] }, { status: 413 });
  try {
    const result = await handleWebhook(provider, raw, request.headers);
    if (result === 'unknown_provider') return NextResponse.json({ errors: [{ field: 'provider', code: 'not_found', message: 'Unknown payment provider' }] }, { status: 404 });
    if (result === 'unverified') return NextResponse.json({ errors: [{ field: 'signature', code: 'bad_signature', message: 'The signature does not match' }] }, { status: 400 });
    return NextResponse.json({ received: true, result });
  } catch (error) {
    if (error instanceof ContentServiceError) return NextResponse.json({ errors: [{ field: 'service', code: 'service_unavailable', message: 'Try again later' }] }, { status: 503, headers: { 'Retry-After': '30' } });
    log.error({ err: error }, `${provider} webhook failed`);
    return NextResponse.json({ errors: [{ field: 'service', code: 'internal_error', message: 'Internal error' }] }, { status: 500 });
  }
}
