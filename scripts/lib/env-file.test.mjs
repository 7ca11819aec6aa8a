import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProjectEnv, withDerivedUrls } from './env-file.mjs';

const root = mkdtempSync(join(tmpdir(), 'env-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeFileSync(join(root, '.env.example'), ['BRAND=firefly', 'WEB_HOST=127.0.0.1', 'WEB_PORT=3000', 'CONTENT_HOST=127.0.0.1', 'CONTENT_PORT=8055', '# SITE_URL=https://www.example.com'].join('\n'));

describe('project settings', () => {
  it('derives every address from the default ports', () => {
    const { env } = loadProjectEnv(root, {});
    expect(env).toMatchObject({
      SITE_URL: 'http://127.0.0.1:3000',
      DIRECTUS_URL: 'http://127.0.0.1:8055',
      DIRECTUS_PUBLIC_URL: 'http://127.0.0.1:8055',
      CONTENT_PUBLIC_URL: 'http://127.0.0.1:8055',
      STOREFRONT_REVALIDATE_URL: 'http://127.0.0.1:3000/api/content-callbacks/revalidate',
    });
  });

  it('takes the local cluster’s settings from the environment though the file does not name them', () => {
    const { env } = loadProjectEnv(root, { CLUSTER_PORT: '9090', REDIS_URL: 'redis://127.0.0.1:6390', UNRELATED: 'x' });
    expect(env).toMatchObject({ CLUSTER_PORT: '9090', REDIS_URL: 'redis://127.0.0.1:6390' });
    expect(env.UNRELATED).toBeUndefined();
  });

  it('moves every address with the ports, so other ports need no other setting', () => {
    const { env } = loadProjectEnv(root, { WEB_PORT: '3100', CONTENT_PORT: '8155' });
    expect(env).toMatchObject({
      SITE_URL: 'http://127.0.0.1:3100',
      DIRECTUS_URL: 'http://127.0.0.1:8155',
      DIRECTUS_PUBLIC_URL: 'http://127.0.0.1:8155',
      CONTENT_PUBLIC_URL: 'http://127.0.0.1:8155',
      STOREFRONT_REVALIDATE_URL: 'http://127.0.0.1:3100/api/content-callbacks/revalidate',
    });
  });

  it('points the payment addresses at the local gateway sandbox, and moves them with its port', () => {
    expect(loadProjectEnv(root, {}).env).toMatchObject({
      GATEWAY_SANDBOX_PUBLIC_URL: 'http://127.0.0.1:8070',
      METROBANK_API_URL: 'http://127.0.0.1:8070/metrobank',
      METROBANK_FIELDS_URL: 'http://127.0.0.1:8070/metrobank/fields/v1/card.html',
      PAYPAL_BASE_URL: 'http://127.0.0.1:8070/paypal',
      GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: 'http://127.0.0.1:3000/api/payments/webhooks/metrobank',
      GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: 'http://127.0.0.1:3000/api/payments/webhooks/paypal',
    });
    const moved = withDerivedUrls({ GATEWAY_SANDBOX_PORT: '8170', GATEWAY_SANDBOX_PUBLIC_URL: 'https://pay.test.example/', WEB_PORT: '3100' });
    expect(moved).toMatchObject({
      METROBANK_API_URL: 'http://127.0.0.1:8170/metrobank',
      // Browsers load the card fields from the public origin; servers call where the sandbox listens.
      METROBANK_FIELDS_URL: 'https://pay.test.example/metrobank/fields/v1/card.html',
      PAYPAL_BASE_URL: 'http://127.0.0.1:8170/paypal',
      GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: 'http://127.0.0.1:3100/api/payments/webhooks/metrobank',
    });
    expect(loadProjectEnv(root, { PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com' }).env.PAYPAL_BASE_URL).toBe('https://api-m.sandbox.paypal.com');
  });

  it('gives each kind of callback its local secret when the file (a .env from before) lacks it, and keeps one that is set', () => {
    expect(loadProjectEnv(root, {}).env).toMatchObject({
      REVALIDATE_SECRET: 'local-revalidate-secret-change-me',
      ACCOUNT_EMAILS_SECRET: 'local-account-emails-secret-change-me',
      REMINDERS_SECRET: 'local-reminders-secret-change-me',
    });
    const other = mkdtempSync(join(tmpdir(), 'env-file-'));
    try {
      writeFileSync(join(other, '.env'), ['BRAND=firefly', 'REVALIDATE_SECRET=this-deployments-revalidate'].join('\n'));
      expect(loadProjectEnv(other, {}).env).toMatchObject({ REVALIDATE_SECRET: 'this-deployments-revalidate', REMINDERS_SECRET: 'local-reminders-secret-change-me' });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('keeps an address that is set, from the environment or the file', () => {
    const { env } = loadProjectEnv(root, { SITE_URL: 'https://www.firefly.example', DIRECTUS_PUBLIC_URL: 'https://content.firefly.example' });
    expect(env.SITE_URL).toBe('https://www.firefly.example');
    expect(env.DIRECTUS_PUBLIC_URL).toBe('https://content.firefly.example');
    expect(env.STOREFRONT_REVALIDATE_URL).toBe('http://127.0.0.1:3000/api/content-callbacks/revalidate');
    expect(withDerivedUrls({ DIRECTUS_URL: 'http://10.0.0.5:8055' }).DIRECTUS_PUBLIC_URL).toBe('http://10.0.0.5:8055');
  });
});
