// A deployment (NODE_ENV=production, SITE_URL not on this machine) refuses to start without its secrets, naming the
// variable; with them and an https SITE_URL it sends HSTS and marks its cookies secure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneBuild, freePort, spawnNext, startFakeServer, startStorefront, type StorefrontProcess } from './storefront-process';

const SITE_URL = 'https://www.firefly.example';
const TOKEN = 'deployment-token-0123456789abcdef';
const SECRET = 'deployment-secret-0123456789abcdef';
// The other kinds of callback have secrets of their own (REVALIDATE_SECRET is SECRET).
const CALLBACK_SECRETS = { ACCOUNT_EMAILS_SECRET: 'deployment-account-emails-0123456789', REMINDERS_SECRET: 'deployment-reminders-0123456789' };
const SESSION_SECRET = 'deployment-session-secret-0123456789abcdef';

describe('a storefront deployed in production', () => {
  const build = cloneBuild('production-environment');
  let content: Awaited<ReturnType<typeof startFakeServer>>;

  beforeAll(async () => {
    // No content is needed to see the headers and cookies: every read fails.
    content = await startFakeServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"errors":[{"message":"down for the test"}]}');
    });
  });
  afterAll(async () => {
    await content?.stop();
    build.remove();
  });

  async function startWithout(missing: 'DIRECTUS_STOREFRONT_TOKEN' | 'REVALIDATE_SECRET' | 'REMINDERS_SECRET' | 'SESSION_SECRET') {
    const port = await freePort();
    const env = { BRAND: 'firefly', NEXT_DIST_DIR: build.distDir, SITE_URL, DIRECTUS_URL: content.url, DIRECTUS_STOREFRONT_TOKEN: TOKEN, REVALIDATE_SECRET: SECRET, ...CALLBACK_SECRETS, SESSION_SECRET };
    delete env[missing];
    const next = spawnNext('start', ['--hostname', '127.0.0.1', '--port', String(port)], env);
    try {
      expect(await next.exited).not.toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/robots.txt`)).rejects.toThrow();
      return next.output();
    } finally {
      await next.stop();
    }
  }

  it('refuses to start without DIRECTUS_STOREFRONT_TOKEN, naming it', async () => {
    expect(await startWithout('DIRECTUS_STOREFRONT_TOKEN')).toMatch(/DIRECTUS_STOREFRONT_TOKEN is required in production/);
  });

  it('refuses to start without REVALIDATE_SECRET, naming it', async () => {
    expect(await startWithout('REVALIDATE_SECRET')).toMatch(/REVALIDATE_SECRET is required in production/);
  });

  it('refuses to start without a callback kind’s own secret, naming it', async () => {
    expect(await startWithout('REMINDERS_SECRET')).toMatch(/REMINDERS_SECRET is required in production/);
  });

  it('refuses to start without SESSION_SECRET, naming it', async () => {
    expect(await startWithout('SESSION_SECRET')).toMatch(/SESSION_SECRET is required in production/);
  });

  it('refuses the local example token of .env.example', async () => {
    const next = spawnNext('start', ['--hostname', '127.0.0.1', '--port', String(await freePort())], {
      BRAND: 'firefly', NEXT_DIST_DIR: build.distDir, SITE_URL, DIRECTUS_URL: content.url,
      DIRECTUS_STOREFRONT_TOKEN: 'local-storefront-token-change-me', REVALIDATE_SECRET: SECRET, ...CALLBACK_SECRETS, SESSION_SECRET,
    });
    try {
      expect(await next.exited).not.toBe(0);
      expect(next.output()).toMatch(/DIRECTUS_STOREFRONT_TOKEN still has the local value from \.env\.example/);
    } finally {
      await next.stop();
    }
  });

  describe('with its secrets and an https SITE_URL', () => {
    let storefront: StorefrontProcess;
    beforeAll(async () => {
      storefront = await startStorefront(build.distDir, { BRAND: 'firefly', SITE_URL, DIRECTUS_URL: content.url, DIRECTUS_STOREFRONT_TOKEN: TOKEN, REVALIDATE_SECRET: SECRET, ...CALLBACK_SECRETS, SESSION_SECRET });
    });
    afterAll(() => storefront?.stop());

    it('sends Strict-Transport-Security and secure cookies', async () => {
      const robots = await fetch(`${storefront.url}/robots.txt`);
      expect(robots.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      const page = await fetch(`${storefront.url}/`, { redirect: 'manual', headers: { 'accept-language': 'en-US' } });
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      const cookies = page.headers.getSetCookie();
      expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(expect.arrayContaining(['i18n_redirected', 'language']));
      for (const cookie of cookies) expect(cookie, cookie).toMatch(/;\s*secure/i);
    });
  });
});
