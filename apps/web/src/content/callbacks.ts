import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';

/**
 * The calls the content service makes back to the storefront (docs/architecture.md, "Callbacks from the content
 * service"): each kind is POST /api/content-callbacks/{kind} with its own secret in the x-callback-secret header, so a
 * secret that leaks (or is sent to the wrong place) opens one kind only.
 */
export const CALLBACK_KINDS = ['revalidate', 'account-emails', 'reminders'] as const;
export type CallbackKind = (typeof CALLBACK_KINDS)[number];

export const CALLBACK_SECRET_HEADER = 'x-callback-secret';

/** The environment variable holding each kind's secret (the same name on both services). */
export const CALLBACK_SECRET_NAMES = {
  revalidate: 'REVALIDATE_SECRET',
  'account-emails': 'ACCOUNT_EMAILS_SECRET',
  reminders: 'REMINDERS_SECRET',
} as const satisfies Record<CallbackKind, string>;

export function callbackPath(kind: CallbackKind): string {
  return `/api/content-callbacks/${kind}`;
}

export function isCallbackKind(value: string): value is CallbackKind {
  return (CALLBACK_KINDS as readonly string[]).includes(value);
}

/**
 * Bodies the revalidate callback takes: what the content service's "Revalidate storefront" flow posts after an edit,
 * or the storefront's own request at start to recheck what changed while it was stopped.
 */
export const revalidationPayloadSchema = z.union([
  z.strictObject({
    collection: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'collection must be a collection name'),
    keys: z.array(z.union([z.string(), z.number()])).max(1000).optional(),
  }),
  z.strictObject({ recheck: z.literal('startup') }),
]);

/** Constant-time comparison of a callback's secret header. */
export function isValidSecret(given: string | null, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type CallbackHandler = (request: NextRequest) => Promise<Response>;

const refuse = (status: number, error: string) => NextResponse.json({ error }, { status });

/**
 * One kind of callback: authenticated by that kind's secret only, its JSON body checked with `schema` before `handle`
 * sees it. Otherwise 503 when the kind's secret is not configured, 401 for a wrong or missing secret (another kind's
 * included), 400 for a body that is not JSON (`shape` describes the expected one) or does not match.
 */
export function contentCallback<Schema extends z.ZodType>(
  kind: CallbackKind,
  { schema, shape, handle }: { schema: Schema; shape: string; handle: (data: z.infer<Schema>) => Promise<Response> },
): CallbackHandler {
  return async (request) => {
    const secret = serverEnv().callbackSecrets[kind];
    if (!secret) return refuse(503, `The ${kind} callback is not configured: set ${CALLBACK_SECRET_NAMES[kind]}`);
    if (!isValidSecret(request.headers.get(CALLBACK_SECRET_HEADER), secret)) {
      return refuse(401, `Invalid or missing ${CALLBACK_SECRET_HEADER} header for the ${kind} callback`);
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return refuse(400, `Body must be JSON: ${shape}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) return refuse(400, parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
    return handle(parsed.data);
  };
}

/** The answer to a kind this storefront does not take. */
export function unknownCallback(kind: string): Response {
  return refuse(404, `Unknown callback kind "${kind}": one of ${CALLBACK_KINDS.join(', ')}`);
}
