import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { isValidSecret } from './revalidation';

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
