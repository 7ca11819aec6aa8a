import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';

/**
 * Bodies the revalidation webhook takes: what the content service's "Revalidate storefront" flow posts after an edit,
 * or the storefront's own request at start to recheck what changed while it was stopped.
 */
export const revalidationPayloadSchema = z.union([
  z.strictObject({
    collection: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'collection must be a collection name'),
    keys: z.array(z.union([z.string(), z.number()])).max(1000).optional(),
  }),
  z.strictObject({ recheck: z.literal('startup') }),
]);

/** Constant-time comparison of the webhook's secret header. */
export function isValidSecret(given: string | null, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type WebhookRequest<T> = { ok: true; data: T } | { ok: false; response: NextResponse };

/**
 * A request from the content service to one of the storefront's webhooks: authenticated by the shared webhook secret
 * (REVALIDATE_SECRET) in `header`, its JSON body checked with `schema`. Otherwise the answer to send: 503 when no
 * secret is configured (`feature` names what is off), 401 for a wrong secret, 400 for a body that is not JSON
 * (`shape` describes the expected one) or does not match.
 */
export async function readContentWebhook<Schema extends z.ZodType>(
  request: NextRequest,
  { header, schema, feature, shape }: { header: string; schema: Schema; feature: string; shape: string },
): Promise<WebhookRequest<z.infer<Schema>>> {
  const refuse = (status: number, error: string): WebhookRequest<z.infer<Schema>> => ({ ok: false, response: NextResponse.json({ error }, { status }) });
  const { revalidateSecret } = serverEnv();
  if (!revalidateSecret) return refuse(503, `${feature} is not configured: set REVALIDATE_SECRET`);
  if (!isValidSecret(request.headers.get(header), revalidateSecret)) return refuse(401, `Invalid or missing ${header} header`);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return refuse(400, `Body must be JSON: ${shape}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return refuse(400, parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
  return { ok: true, data: parsed.data };
}
