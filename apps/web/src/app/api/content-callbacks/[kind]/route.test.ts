import { revalidateTag } from 'next/cache';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

const secrets: Record<string, string | undefined> = {
  revalidate: 'revalidate-secret-0123456789',
  'account-emails': 'account-emails-secret-0123456789',
  reminders: 'reminders-secret-0123456789',
};
vi.mock('@/lib/env', () => ({ serverEnv: () => ({ brand: 'firefly', siteUrl: 'http://shop.test', callbackSecrets: secrets }) }));
vi.mock('@/features/booking', () => ({ renewQuoteContent: vi.fn() }));

const { POST } = await import('./route');

const KINDS = ['revalidate', 'account-emails', 'reminders'] as const;

function call(kind: string, { secret, body }: { secret?: string; body: string }) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== undefined) headers['x-callback-secret'] = secret;
  const request = new NextRequest(`http://shop.test/api/content-callbacks/${kind}`, { method: 'POST', headers, body });
  return POST(request, { params: Promise.resolve({ kind }) });
}

async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: string }).error;
}

describe('POST /api/content-callbacks/{kind}', () => {
  afterEach(() => {
    secrets.reminders = 'reminders-secret-0123456789';
  });

  it('expires the changed collection for the revalidate kind with its secret', async () => {
    const response = await call('revalidate', { secret: secrets.revalidate, body: '{"collection":"flota","keys":[3]}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revalidated: ['content:flota'] });
    expect(revalidateTag).toHaveBeenCalledWith('content:flota', 'max');
  });

  it.each(KINDS.flatMap((kind) => KINDS.filter((other) => other !== kind).map((other) => [kind, other] as const)))(
    'refuses the %s kind with the %s secret (401)',
    async (kind, other) => {
      const response = await call(kind, { secret: secrets[other], body: '{}' });
      expect(response.status).toBe(401);
      expect((await errorOf(response))).toBe(`Invalid or missing x-callback-secret header for the ${kind} callback`);
    },
  );

  it.each(KINDS)('refuses the %s kind without a secret or with a wrong one (401)', async (kind) => {
    expect((await call(kind, { body: '{}' })).status).toBe(401);
    expect((await call(kind, { secret: `${secrets[kind]}x`, body: '{}' })).status).toBe(401);
  });

  it.each(KINDS)('takes the %s kind’s own secret and then checks its body: not JSON or not its shape is a 400 saying why', async (kind) => {
    const notJson = await call(kind, { secret: secrets[kind], body: 'collection=flota' });
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson))).toMatch(/^Body must be JSON: \{/);
    const wrongShape = await call(kind, { secret: secrets[kind], body: '{"unexpected":true}' });
    expect(wrongShape.status).toBe(400);
    expect((await errorOf(wrongShape))).toMatch(/\w+: /);
  });

  it('refuses a body of another kind: the revalidate payload is no reminder', async () => {
    const response = await call('reminders', { secret: secrets.reminders, body: '{"collection":"flota"}' });
    expect(response.status).toBe(400);
    expect((await errorOf(response))).toMatch(/reservation_number/);
  });

  it('answers 404 naming the kinds for a kind it does not take, whatever the secret', async () => {
    const response = await call('revalidation', { secret: secrets.revalidate, body: '{"collection":"flota"}' });
    expect(response.status).toBe(404);
    expect((await errorOf(response))).toBe('Unknown callback kind "revalidation": one of revalidate, account-emails, reminders');
  });

  it('answers 503 naming the variable when a kind’s secret is not configured', async () => {
    secrets.reminders = undefined;
    const response = await call('reminders', { secret: '', body: '{}' });
    expect(response.status).toBe(503);
    expect((await errorOf(response))).toBe('The reminders callback is not configured: set REMINDERS_SECRET');
  });
});
