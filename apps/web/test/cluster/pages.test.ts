import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@rentacar/domain/money';
import { staffContent } from '../integration-clients';
import { clusterUrl, contentUrl, getPage, instanceUrls, nginxCacheDir, rawGet } from './cluster';

// The storefront through nginx and on each instance: who answers, what nginx keeps, and a staff edit reaching every
// instance through the shared cache.
const { signIn, content, seedRow } = staffContent(contentUrl);

type Car = { id: number; precio_firefly: number };

/** The daily price shown on car `carId`'s card of a fleet page's HTML. */
function dailyPriceOnCard(html: string, carId: number): string | undefined {
  const card = html.split('data-testid="car-card"').find((part) => part.startsWith(` data-car-id="${carId}"`));
  return card ? /data-testid="daily-price"[^>]*>([^<]+)</.exec(card)?.[1] : undefined;
}

/**
 * The copies nginx keeps on disk whose key holds `path`: each file is a binary header, a `KEY: ...` line, then the
 * answer as the instance sent it (its headers, an empty line, its body as stored).
 */
function storedCopies(path: string) {
  const copies: Array<{ key: string; headers: string; body: Buffer }> = [];
  for (const entry of readdirSync(nginxCacheDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = readFileSync(join(entry.parentPath, entry.name));
    const keyAt = file.indexOf('\nKEY: ');
    const keyEnd = file.indexOf('\n', keyAt + 1);
    const key = file.subarray(keyAt + 6, keyEnd).toString('utf8');
    if (keyAt < 0 || !key.includes(path)) continue;
    const bodyAt = file.indexOf('\r\n\r\n', keyEnd);
    copies.push({ key, headers: file.subarray(keyEnd + 1, bodyAt + 2).toString('latin1'), body: file.subarray(bodyAt + 4) });
  }
  return copies;
}

beforeAll(signIn);

describe('the storefront behind nginx', () => {
  it('is answered by both instances in turn, each naming itself', async () => {
    const servedBy = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${clusterUrl}/api/health`);
      expect(response.status).toBe(200);
      servedBy.add(response.headers.get('x-served-by') ?? 'none');
    }
    expect([...servedBy].sort()).toEqual(['web-1', 'web-2']);
    for (const [index, url] of instanceUrls.entries()) {
      const response = await fetch(`${url}/api/health?require=content`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-served-by')).toBe(`web-${index + 1}`);
    }
  });

  it('keeps a public page in its cache for a returning visitor, in each language', async () => {
    for (const path of ['/es/flota', '/en/flota']) {
      const cookie = `i18n_redirected=${path.slice(1, 3)}`;
      const first = await getPage(`${clusterUrl}${path}`, { cookie });
      expect(first.status, path).toBe(200);
      expect(first.headers.get('cache-control')).toBe('s-maxage=60, stale-while-revalidate=300');
      const again = await getPage(`${clusterUrl}${path}`, { cookie });
      expect(again.cache, path).toBe('HIT');
      expect(again.body).toBe(first.body);
      expect(again.body).toContain(`<html lang="${path.slice(1, 3)}"`);
    }
  });

  it('keeps a public page for first visits too: a HIT after the first request for that page and language', async () => {
    // A path of its own so that no earlier test has cached it; the query string is part of the key.
    const run = `first-visit-${Date.now()}`;
    for (const language of ['es', 'en']) {
      const path = `/${language}/flota?${run}`;
      const first = await fetch(`${clusterUrl}${path}`, { redirect: 'manual' });
      expect(first.status, path).toBe(200);
      expect(first.headers.get('x-cache-status'), path).toBe('MISS');
      expect(first.headers.get('set-cookie'), path).toBeNull();
      const firstBody = await first.text();
      // No cookie, another browser language, or a remembered language that is not the page's: the page's language
      // is its address's, so the same copy is right for all of them.
      const visitors: Array<Record<string, string>> = [{}, { 'accept-language': language === 'es' ? 'en-US' : 'es-ES' }, { cookie: `i18n_redirected=${language === 'es' ? 'en' : 'es'}` }];
      for (const headers of visitors) {
        const again = await fetch(`${clusterUrl}${path}`, { redirect: 'manual', headers });
        expect(again.headers.get('x-cache-status'), `${path} ${JSON.stringify(headers)}`).toBe('HIT');
        expect(again.headers.get('set-cookie')).toBeNull();
        const body = await again.text();
        expect(body).toBe(firstBody);
        expect(body).toContain(`<html lang="${language}"`);
      }
    }
  });

  it('keeps one compressed copy of a page for every browser, answered as stored, and one uncompressed for other clients', async () => {
    // Browsers write Accept-Encoding each their own way; all of them name gzip and share one copy, compressed once by
    // the instance that filled it. A path of its own so that no earlier test has cached it.
    const path = `/es/flota?compression-${Date.now()}`;
    const chromium = await rawGet(`${clusterUrl}${path}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(chromium.status).toBe(200);
    expect(chromium.cache).toBe('MISS');
    expect(chromium.headers['content-encoding']).toBe('gzip');
    const page = gunzipSync(chromium.bytes).toString('utf8');
    expect(page).toContain('<html lang="es"');
    for (const acceptEncoding of ['gzip, deflate, br, zstd', 'gzip, deflate, br', 'gzip', 'deflate, gzip;q=0.5']) {
      const again = await rawGet(`${clusterUrl}${path}`, { 'accept-encoding': acceptEncoding });
      expect(again.cache, acceptEncoding).toBe('HIT');
      expect(again.headers['content-encoding'], acceptEncoding).toBe('gzip');
      // For caches further down: the answer depends on Accept-Encoding.
      expect(again.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(again.bytes.equals(chromium.bytes), acceptEncoding).toBe(true);
    }

    // A client that does not take gzip (none named, only others, or gzip refused) gets the page uncompressed, from
    // a copy of its own (nginx never decompresses, nor compresses: it answers a copy as stored): the same page.
    const identity = await rawGet(`${clusterUrl}${path}`);
    expect(identity.cache).toBe('MISS');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const others: Array<Record<string, string>> = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br, zstd' }, { 'accept-encoding': 'gzip;q=0, br' }];
    for (const headers of others) {
      const again = await rawGet(`${clusterUrl}${path}`, headers);
      const label = JSON.stringify(headers);
      expect(again.cache, label).toBe('HIT');
      expect(again.headers['content-encoding'], label).toBeUndefined();
      expect(again.headers.vary, label).toMatch(/accept-encoding/i);
      expect(again.bytes.toString('utf8'), label).toBe(page);
    }

    // On nginx's disk: the two copies of this page, the browsers' stored compressed (so a view costs no compression).
    const stored = storedCopies(path);
    expect(stored.map((copy) => copy.key.match(/\|ae=([^|]*)\|/)?.[1]).sort()).toEqual(['', 'gzip']);
    const compressed = stored.find((copy) => copy.key.includes('|ae=gzip|'));
    expect(compressed?.headers).toMatch(/^content-encoding: gzip\r$/im);
    expect(compressed?.body.subarray(0, 2).toString('hex')).toBe('1f8b');
    expect(gunzipSync(compressed?.body ?? Buffer.alloc(0)).toString('utf8')).toBe(page);
    const plain = stored.find((copy) => copy.key.includes('|ae=|'));
    expect(plain?.headers).not.toMatch(/^content-encoding:/im);
    expect(plain?.body.toString('utf8')).toBe(page);
  });

  it("keeps a page's HTML and the payload Next's router asks for at the same address apart", async () => {
    // Next's router asks for a page's payload with an RSC header at the page's address plus a `_rsc` value worked out
    // from its other headers; asked without it, Next redirects to the address with the right one.
    const router = { 'accept-encoding': 'gzip', rsc: '1' };
    const redirect = await rawGet(`${clusterUrl}/es/flota?router-${Date.now()}`, router);
    expect(redirect.status).toBe(307);
    const address = new URL(String(redirect.headers.location), clusterUrl);
    expect(address.pathname).toBe('/es/flota');
    expect(address.searchParams.has('_rsc')).toBe(true);
    for (let i = 0; i < 2; i += 1) {
      const payload = await rawGet(address.href, router);
      expect(payload.status).toBe(200);
      expect(payload.cache, `payload ${i + 1}`).toBe(i === 0 ? 'MISS' : 'HIT');
      expect(payload.headers['content-type']).toMatch(/^text\/x-component/);
    }
    // The same address without the RSC header, as a browser loading it: the HTML, from a copy of its own.
    for (let i = 0; i < 2; i += 1) {
      const html = await rawGet(address.href, { 'accept-encoding': 'gzip' });
      expect(html.status).toBe(200);
      expect(html.cache, `html ${i + 1}`).toBe(i === 0 ? 'MISS' : 'HIT');
      expect(html.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('never hands a page in another language, or a cached copy to a signed-in agent', async () => {
    // The address without a language: Spanish or a redirect to English, by browser language, asked every time.
    for (let i = 0; i < 2; i += 1) {
      const english = await fetch(`${clusterUrl}/`, { redirect: 'manual', headers: { 'accept-language': 'en-US' } });
      expect(english.status).toBe(307);
      expect(english.headers.get('location')).toMatch(/\/en$/);
      const spanish = await fetch(`${clusterUrl}/`, { redirect: 'manual', headers: { 'accept-language': 'es-ES' } });
      expect(spanish.status).toBe(200);
      expect(spanish.headers.get('x-cache-status')).not.toBe('HIT');
      expect(await spanish.text()).toContain('<html lang="es"');
      const remembered = await fetch(`${clusterUrl}/flota`, { redirect: 'manual', headers: { 'accept-language': 'es-ES', cookie: 'i18n_redirected=en' } });
      expect(remembered.status).toBe(307);
      expect(remembered.headers.get('location')).toMatch(/\/en\/flota$/);
    }
    // A signed-in agent (the storefront may refresh the session on any page).
    await getPage(`${clusterUrl}/es/flota`);
    const agent = await getPage(`${clusterUrl}/es/flota`, { cookie: 'i18n_redirected=es; auth_refresh_token=some-token' });
    expect(agent.cache).toBe('BYPASS');
  });

  it('lets a renter leaving the checkout reach an instance, which ends the attempt; no cached copy carries its cookie', async () => {
    // The checkout attempt's marker (its value is checked by the storefront; nginx looks only at whether it is there).
    const marked = { cookie: 'i18n_redirected=es; language=es; checkout_attempt=FF-LEAVE1.not-checked-here' };
    const ended = (headers: Headers) => headers.getSetCookie().find((line) => line.startsWith('checkout_attempt='));
    // A page nginx already keeps: the renter still gets it from an instance, which takes the marker away.
    const cachedPath = '/es/sucursales';
    await getPage(`${clusterUrl}${cachedPath}`);
    expect((await getPage(`${clusterUrl}${cachedPath}`)).cache).toBe('HIT');
    // A page nginx does not keep yet: the renter's answer, with its Set-Cookie, is not stored for the next visitor.
    const newPath = `/es/flota?leave-checkout-${Date.now()}`;
    for (const path of [cachedPath, newPath]) {
      const leaving = await getPage(`${clusterUrl}${path}`, marked);
      expect(leaving.status, path).toBe(200);
      expect(leaving.cache, path).toBe('BYPASS');
      expect(leaving.headers.get('cache-control'), path).toBe('private, no-store');
      expect(ended(leaving.headers), path).toMatch(/^checkout_attempt=;.*Max-Age=0/i);
    }
    const next = await getPage(`${clusterUrl}${newPath}`);
    expect(next.cache).toBe('MISS');
    expect(next.headers.get('set-cookie')).toBeNull();
    for (const path of [cachedPath, newPath]) {
      const again = await getPage(`${clusterUrl}${path}`);
      expect(again.cache, path).toBe('HIT');
      expect(again.headers.get('set-cookie'), path).toBeNull();
      expect(again.headers.get('cache-control'), path).toBe('s-maxage=60, stale-while-revalidate=300');
    }
  });

  it('never caches a booking route or the API', async () => {
    for (const path of ['/reserva?paso=location', '/es/reserva/checkout', '/mi-reserva', '/es/corporativo', '/api/health']) {
      for (let i = 0; i < 2; i += 1) {
        const response = await getPage(`${clusterUrl}${path}`);
        expect(response.cache, path).toBe('BYPASS');
        expect(response.headers.get('cache-control'), path).toBe('private, no-store');
      }
    }
  });
});

describe('a staff edit', () => {
  let car: Car;
  afterAll(async () => {
    if (car) await content(`/items/flota/${car.id}`, { method: 'PATCH', body: JSON.stringify({ precio_firefly: car.precio_firefly }) });
  });

  it('reaches the pages of both instances within 5 seconds', async () => {
    car = await seedRow<Car>('/items/flota?filter[status][_eq]=available&sort=id&limit=1&fields=id,precio_firefly');
    // Both instances have the page cached before the edit.
    for (const url of instanceUrls) expect(dailyPriceOnCard((await getPage(`${url}/es/flota`)).body, car.id)).toBe(formatMoney(car.precio_firefly, 'es'));
    const newPrice = car.precio_firefly + 100 + Math.floor(Math.random() * 98) + 1;
    await content(`/items/flota/${car.id}`, { method: 'PATCH', body: JSON.stringify({ precio_firefly: newPrice }) });
    const editedAt = Date.now();
    const expected = formatMoney(newPrice, 'es');
    const seenAfter = await Promise.all(
      instanceUrls.map(async (url) => {
        while (Date.now() - editedAt < 5000) {
          if (dailyPriceOnCard((await getPage(`${url}/es/flota`)).body, car.id) === expected) return Date.now() - editedAt;
          await new Promise((done) => setTimeout(done, 200));
        }
        return undefined;
      }),
    );
    for (const [index, ms] of seenAfter.entries()) expect(ms, `web-${index + 1} showed the new price within 5 s`).toBeDefined();
  });
});
