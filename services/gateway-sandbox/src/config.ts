// The sandbox's settings, from the environment (docs/gateway-sandbox.md, "Settings"). Every key has the local
// sandbox value of .env.example as its default, so `node services/gateway-sandbox/src/server.ts` runs as is.
import { isAbsolute, join, resolve } from 'node:path';

export interface Config {
  host: string;
  port: number;
  /** Origin (and optional path prefix) browsers use for the sandbox's pages, without a trailing slash. */
  publicUrl: string;
  /** Absolute folder of state.json and the PayPal webhook key pair. */
  dataDir: string;
  merchantName: string;
  /** First webhook retry delay; the next ones double it (1 s, 2 s, 4 s by default). */
  webhookRetryMs: number;
  metrobank: {
    publishableKey: string;
    secretKey: string;
    webhookSecret: string;
    /** Where card-gateway events are POSTed; undefined: no webhooks. */
    webhookUrl: string | undefined;
  };
  paypal: {
    clientId: string;
    clientSecret: string;
    webhookId: string;
    webhookUrl: string | undefined;
  };
}

// scripts/lib/gateway-sandbox.mjs repeats these in GATEWAY_SANDBOX_DEFAULTS (a script cannot import TypeScript): change both.
export const DEFAULTS = {
  GATEWAY_SANDBOX_HOST: '127.0.0.1',
  GATEWAY_SANDBOX_PORT: '8070',
  METROBANK_PUBLISHABLE_KEY: 'pk_test_local_sandbox',
  METROBANK_SECRET_KEY: 'sk_test_local_sandbox',
  METROBANK_WEBHOOK_SECRET: 'whsec_local_sandbox_change_me',
  PAYPAL_CLIENT_ID: 'local-sandbox-client-id',
  PAYPAL_CLIENT_SECRET: 'local-sandbox-client-secret',
  PAYPAL_WEBHOOK_ID: 'WH-LOCAL-SANDBOX',
  GATEWAY_SANDBOX_MERCHANT_NAME: 'Sandbox merchant',
  GATEWAY_SANDBOX_WEBHOOK_RETRY_MS: '1000',
} as const;

const SERVICE_DIR = resolve(import.meta.dirname, '..');

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|localhost)$/;

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL (got "${value}")`);
  return value;
}

/** Reads the settings; throws an Error naming the variable when one is invalid. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const v = (name: keyof typeof DEFAULTS): string => {
    const value = env[name];
    return value !== undefined && value !== '' ? value : DEFAULTS[name];
  };
  const optional = (name: string): string | undefined => {
    const value = env[name];
    return value !== undefined && value.trim() !== '' ? httpUrl(name, value.trim()) : undefined;
  };

  const host = v('GATEWAY_SANDBOX_HOST');
  // The controls under /__sandbox have no authentication: the sandbox listens on this machine only.
  if (!LOOPBACK.test(host)) throw new Error(`GATEWAY_SANDBOX_HOST must be a loopback address such as 127.0.0.1 (got "${host}")`);
  const port = Number(v('GATEWAY_SANDBOX_PORT'));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`GATEWAY_SANDBOX_PORT must be a port number (got "${v('GATEWAY_SANDBOX_PORT')}")`);
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicUrl = httpUrl('GATEWAY_SANDBOX_PUBLIC_URL', env.GATEWAY_SANDBOX_PUBLIC_URL?.trim() || origin).replace(/\/+$/, '');
  const dataDirSetting = env.GATEWAY_SANDBOX_DATA_DIR?.trim();
  const dataDir = dataDirSetting ? (isAbsolute(dataDirSetting) ? dataDirSetting : resolve(dataDirSetting)) : join(SERVICE_DIR, 'data');
  const webhookRetryMs = Number(v('GATEWAY_SANDBOX_WEBHOOK_RETRY_MS'));
  if (!Number.isFinite(webhookRetryMs) || webhookRetryMs < 0) throw new Error('GATEWAY_SANDBOX_WEBHOOK_RETRY_MS must be a number of milliseconds');

  return {
    host,
    port,
    publicUrl,
    dataDir,
    merchantName: v('GATEWAY_SANDBOX_MERCHANT_NAME'),
    webhookRetryMs,
    metrobank: {
      publishableKey: v('METROBANK_PUBLISHABLE_KEY'),
      secretKey: v('METROBANK_SECRET_KEY'),
      webhookSecret: v('METROBANK_WEBHOOK_SECRET'),
      webhookUrl: optional('GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL'),
    },
    paypal: {
      clientId: v('PAYPAL_CLIENT_ID'),
      clientSecret: v('PAYPAL_CLIENT_SECRET'),
      webhookId: v('PAYPAL_WEBHOOK_ID'),
      webhookUrl: optional('GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL'),
    },
  };
}
