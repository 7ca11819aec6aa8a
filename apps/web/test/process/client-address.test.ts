// Whose address counts for the per-client limits, over real HTTP against real storefront processes. A storefront that
// trusts no proxy (the default, as `npm start`) counts a direct client by its own address, whatever X-Forwarded-For
// (or the app's own client-address header) it makes up; one that trusts 127.0.0.1 (TRUSTED_PROXIES, as an instance
// behind nginx) counts each renter that proxy forwards apart. The limit used is the coupon guesses' (COUPON_LIMIT: 10
// per client in 10 minutes, counted before the body is read, so each guess here is a bare code).
//
// Linux answers on all of 127.0.0.0/8, so each client connects from an address of its own (127.x.y.z): counted by the
// content service of the harness, it shares a limit with nothing else of this run or an earlier one.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@/lib/client-address';
import { cloneBuild, freePort, requireEnv, spawnNext, startStorefront, storefrontEnv, type StorefrontProcess } from './storefront-process';

const GUESSES = 60;
/** COUPON_LIMIT in features/pricing/limits.ts: guesses per client in its window. */
const COUPON_LIMIT = { limit: 10 };

/** A loopback address nothing else uses: 127.0.0.1 is left to the trusted proxy. */
function ownLoopbackAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/** A renter's address as a proxy would forward it. */
const renterAddress = () => `203.0.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 254)}`;

/** POST /api/coupons/validate from `from` (the socket's own address) with `headers`; its status. */
function guess(storefront: StorefrontProcess, from: string, code: string, headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(storefront.url);
  const body = JSON.stringify({ code });
  return new Promise((done, fail) => {
    const outgoing = request(
      { host: hostname, port, path: '/api/coupons/validate', method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (response) => {
        response.resume();
        response.once('end', () => done(response.statusCode ?? 0));
      },
    );
    outgoing.once('error', fail);
    outgoing.end(body);
  });
}

/** `count` guesses in a row, each with the headers `headersOf(index)` gives; their statuses. */
async function guesses(storefront: StorefrontProcess, from: string, count: number, headersOf: (index: number) => Record<string, string>): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push(await guess(storefront, from, `GUESS${index}`, headersOf(index)));
  return statuses;
}

/** Statuses of guesses within the limit, then refused: the limit's own figure, not the answer to a bare code. */
function limitedAfter(statuses: number[]) {
  return { allowed: statuses.slice(0, COUPON_LIMIT.limit).filter((status) => status !== 429).length, refused: statuses.slice(COUPON_LIMIT.limit).filter((status) => status === 429).length };
}

// One copy of the build for the file: its storefronts run one after the other.
const build = cloneBuild('client-address');
afterAll(() => build.remove());

describe('a storefront that trusts no proxy (the default)', () => {
  let storefront: StorefrontProcess;

  beforeAll(async () => {
    storefront = await startStorefront(build.distDir, storefrontEnv(requireEnv('CONTENT_URL')));
  }, 120_000);
  afterAll(async () => {
    await storefront?.stop();
  });

  it(`limits ${GUESSES} coupon guesses with a new X-Forwarded-For each exactly like ${GUESSES} from one address`, async () => {
    const spoofing = await guesses(storefront, ownLoopbackAddress(), GUESSES, (index) => ({
      'x-forwarded-for': `198.51.100.${index + 1}`,
      'x-real-ip': `198.51.101.${index + 1}`,
      [CLIENT_ADDRESS_HEADER]: `198.51.102.${index + 1}`,
    }));
    const plain = await guesses(storefront, ownLoopbackAddress(), GUESSES, () => ({}));
    expect(limitedAfter(plain)).toEqual({ allowed: COUPON_LIMIT.limit, refused: GUESSES - COUPON_LIMIT.limit });
    expect(spoofing).toEqual(plain);
  }, 120_000);
});

describe('a storefront behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  let storefront: StorefrontProcess;

  beforeAll(async () => {
    storefront = await startStorefront(build.distDir, { ...storefrontEnv(requireEnv('CONTENT_URL')), TRUSTED_PROXIES: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await storefront?.stop();
  });

  it('gives two renters the proxy forwards a limit each', async () => {
    const first = renterAddress();
    const second = renterAddress();
    const firstRenter = await guesses(storefront, '127.0.0.1', COUPON_LIMIT.limit + 1, () => ({ 'x-forwarded-for': first }));
    expect(limitedAfter(firstRenter)).toEqual({ allowed: COUPON_LIMIT.limit, refused: 1 });
    // The first renter is refused from now on; the second has a whole limit of their own.
    const secondRenter = await guesses(storefront, '127.0.0.1', COUPON_LIMIT.limit + 1, () => ({ 'x-forwarded-for': second }));
    expect(limitedAfter(secondRenter)).toEqual({ allowed: COUPON_LIMIT.limit, refused: 1 });
    // Read from the right: what a client wrote before the proxy's own entry names nobody.
    expect(await guess(storefront, '127.0.0.1', 'AGAIN', { 'x-forwarded-for': `${renterAddress()}, ${first}` })).toBe(429);
  }, 120_000);

  it('still counts a client that reaches it directly, from an address it does not trust, by that address', async () => {
    const statuses = await guesses(storefront, ownLoopbackAddress(), COUPON_LIMIT.limit + 5, () => ({ 'x-forwarded-for': renterAddress() }));
    expect(limitedAfter(statuses)).toEqual({ allowed: COUPON_LIMIT.limit, refused: 5 });
  }, 120_000);
});

describe('a storefront with a TRUSTED_PROXIES entry that is not an address', () => {
  it('does not start, and says which entry is wrong', async () => {
    const storefront = spawnNext('start', ['--hostname', '127.0.0.1', '--port', String(await freePort())], {
      ...storefrontEnv(requireEnv('CONTENT_URL')),
      NEXT_DIST_DIR: build.distDir,
      TRUSTED_PROXIES: '127.0.0.1, nginx',
    });
    try {
      expect(await storefront.exited).toBe(1);
      expect(storefront.output()).toContain('TRUSTED_PROXIES: "nginx" is not an IP address or CIDR range');
    } finally {
      await storefront.stop();
    }
  }, 60_000);
});
