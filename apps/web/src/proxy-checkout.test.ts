import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextRequest, type NextResponse } from 'next/server';
import type * as NextServer from 'next/server';
import type * as Checkout from '@/features/checkout';
import type { CookieReader } from '@/lib/cookies';

// The proxy's part of the leave-checkout rule: a page request other than the checkout, from a renter whose checkout
// attempt is marked, takes the marker away and ends the attempt once the answer is sent; no cache may keep that answer.

const scheduled = vi.hoisted(() => ({ tasks: [] as (() => unknown)[], ended: [] as (string | undefined)[] }));
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof NextServer>()),
  after: (task: () => unknown) => {
    scheduled.tasks.push(task);
  },
}));
vi.mock('@/features/checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof Checkout>()),
  endCheckoutAttemptOf: (jar: CookieReader) => {
    scheduled.ended.push(jar.get('reservation_draft')?.value);
    return Promise.resolve();
  },
}));

const MARKED = 'reservation_draft=draft-1.signed; checkout_attempt=FF-ABC123.signed';

async function visit(path: string, { cookie = MARKED, headers = {}, method = 'GET' }: { cookie?: string; headers?: Record<string, string>; method?: string } = {}): Promise<NextResponse> {
  vi.resetModules();
  vi.stubEnv('BRAND', 'firefly');
  vi.stubEnv('SITE_URL', 'http://127.0.0.1:3000');
  const { proxy } = await import('./proxy');
  return proxy(new NextRequest(`http://127.0.0.1:3000${path}`, { method, headers: { 'accept-language': 'es-ES', cookie, ...headers } }));
}

async function runScheduled() {
  for (const task of scheduled.tasks.splice(0)) await task();
}

beforeEach(() => {
  scheduled.tasks.length = 0;
  scheduled.ended.length = 0;
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a page request while a checkout attempt is marked', () => {
  it.each([
    ['a public page in its /es form (the typed address, the back button)', '/es/flota', {}],
    ['an unprefixed page (the logo)', '/', {}],
    ['a step of the flow, asked by Next’s router', '/reserva', { rsc: '1' }],
    ['a page in English', '/en/flota', {}],
  ])('leaves the checkout: %s', async (_, path, headers) => {
    const response = await visit(path, { headers });
    expect(response.cookies.get('checkout_attempt'), path).toMatchObject({ value: '', maxAge: 0, path: '/' });
    expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    // The attempt ends after the answer: the page does not wait on the gateway.
    expect(scheduled.ended).toEqual([]);
    await runScheduled();
    expect(scheduled.ended).toEqual(['draft-1.signed']);
  });

  it.each([
    ['the checkout itself', '/reserva/checkout', {}],
    ['the checkout in English', '/en/reserva/checkout', {}],
    ['the thanks page', '/reserva/thanks', {}],
    ['the 3-D Secure window’s last page', '/reserva/verificacion', {}],
    ['a prefetch of another page', '/es/flota', { rsc: '1', 'next-router-prefetch': '1' }],
  ])('keeps the attempt: %s', async (_, path, headers) => {
    const response = await visit(path, { headers });
    expect(response.cookies.get('checkout_attempt'), path).toBeUndefined();
    expect(scheduled.tasks, path).toEqual([]);
  });

  it('keeps it through the gateways’ returns and server actions', async () => {
    for (const path of ['/api/payments/metrobank/return?key=card_FF-ABC123_x&locale=es', '/api/payments/paypal/return?key=paypal_x&locale=en']) {
      const response = await visit(path);
      expect(response.cookies.get('checkout_attempt'), path).toBeUndefined();
    }
    const action = await visit('/es/flota', { method: 'POST', headers: { 'next-action': '40abc', 'content-type': 'text/plain' } });
    expect(action.cookies.get('checkout_attempt')).toBeUndefined();
    expect(scheduled.tasks).toEqual([]);
  });

  it('changes nothing for a visitor without an attempt', async () => {
    const response = await visit('/flota', { cookie: 'reservation_draft=draft-1.signed' });
    expect(response.cookies.get('checkout_attempt')).toBeUndefined();
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(scheduled.tasks).toEqual([]);
  });
});
