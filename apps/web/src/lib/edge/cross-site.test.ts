import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/env', () => ({ serverEnv: () => ({ siteUrl: 'https://firefly.test' }) }));

const { crossSiteRefusal, edgeRequestOfNode, edgeRequestOfWeb, isCrossSiteMutation } = await import('.');

const session = { auth_access_token: 'access-1', auth_refresh_token: 'refresh-1', auth_expires: '1' };
const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** The same request as the proxy sees it (a NextRequest) and as the production server and the fast path see it (Node's). */
function bothWays(method: string, headers: Record<string, string>, cookies: Record<string, string> = session) {
  const all = { host: 'firefly.test', ...headers, ...(Object.keys(cookies).length > 0 ? { cookie: cookieHeader(cookies) } : {}) };
  const web = edgeRequestOfWeb(new NextRequest('https://firefly.test/corporativo', { method, headers: all }));
  const node = new IncomingMessage(new Socket());
  node.method = method;
  node.url = '/corporativo';
  for (const [name, value] of Object.entries(all)) node.headers[name] = value;
  return [web, edgeRequestOfNode(node)];
}

const crossSite = (method: string, headers: Record<string, string>, cookies?: Record<string, string>) =>
  bothWays(method, headers, cookies).map((request) => isCrossSiteMutation(request, 'https://firefly.test'));

describe('cross-site request forgery, the same check for the proxy and the fast path', () => {
  it('refuses a signed-in agent’s POST from another origin or marked cross-site', () => {
    expect(crossSite('POST', { origin: 'https://evil.example' })).toEqual([true, true]);
    expect(crossSite('POST', { origin: 'null' })).toEqual([true, true]);
    expect(crossSite('POST', { 'sec-fetch-site': 'cross-site' })).toEqual([true, true]);
    expect(crossSite('POST', { 'sec-fetch-site': 'same-site' })).toEqual([true, true]);
    // Either session cookie alone is a session.
    expect(crossSite('POST', { origin: 'https://evil.example' }, { auth_refresh_token: 'refresh-1' })).toEqual([true, true]);
  });

  it('lets the site’s own forms, reads, and requests without a session through', () => {
    expect(crossSite('POST', { origin: 'https://firefly.test' })).toEqual([false, false]);
    expect(crossSite('POST', { origin: 'http://127.0.0.1:3100', host: '127.0.0.1:3100' })).toEqual([false, false]);
    expect(crossSite('POST', { origin: 'https://shop.example', 'x-forwarded-host': 'shop.example' })).toEqual([false, false]);
    expect(crossSite('POST', { origin: 'https://evil.example' }, {})).toEqual([false, false]);
    expect(crossSite('POST', { origin: 'https://evil.example' }, { auth_access_token: '' })).toEqual([false, false]);
    expect(crossSite('GET', { origin: 'https://evil.example' })).toEqual([false, false]);
  });

  it('answers 403 saying why, and nothing for a request it lets through', async () => {
    for (const request of bothWays('POST', { origin: 'https://evil.example' })) {
      const refusal = crossSiteRefusal(request);
      expect(refusal?.status).toBe(403);
      expect(await refusal?.json()).toEqual({ error: 'Cross-site request refused: this request must come from the site itself.' });
    }
    for (const request of bothWays('POST', { origin: 'https://firefly.test' })) expect(crossSiteRefusal(request)).toBeUndefined();
  });
});
