// Reads the project's settings: `.env` when present, else `.env.example` (the local defaults), then the real
// environment on top, so `BRAND=hertz npm start` works without editing a file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Parses KEY=VALUE lines; `#` starts a comment line; values may be quoted. */
export function parseEnvFile(text) {
  const values = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2];
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    values[match[1]] = value;
  }
  return values;
}

// Addresses that follow the hosts and ports unless set: move the storefront, the content service or the payment
// sandbox to another port and everything that points at it follows.
const DERIVED_URLS = [
  'SITE_URL',
  'DIRECTUS_URL',
  'DIRECTUS_PUBLIC_URL',
  'CONTENT_PUBLIC_URL',
  'STOREFRONT_REVALIDATE_URL',
  'GATEWAY_SANDBOX_PUBLIC_URL',
  'METROBANK_API_URL',
  'METROBANK_FIELDS_URL',
  'PAYPAL_BASE_URL',
  'GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL',
  'GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL',
];

const origin = (host, port) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * Fills the addresses that are not set from WEB_HOST/WEB_PORT, CONTENT_HOST/CONTENT_PORT and
 * GATEWAY_SANDBOX_HOST/GATEWAY_SANDBOX_PORT (the storefront's payment addresses point at the local sandbox).
 */
export function withDerivedUrls(env) {
  const web = origin(env.WEB_HOST || '127.0.0.1', env.WEB_PORT || '3000');
  const content = origin(env.CONTENT_HOST || '127.0.0.1', env.CONTENT_PORT || '8055');
  const sandbox = origin(env.GATEWAY_SANDBOX_HOST || '127.0.0.1', env.GATEWAY_SANDBOX_PORT || '8070');
  const sandboxPublic = (env.GATEWAY_SANDBOX_PUBLIC_URL || sandbox).replace(/\/+$/, '');
  const derived = {
    SITE_URL: web,
    DIRECTUS_URL: content,
    DIRECTUS_PUBLIC_URL: env.DIRECTUS_URL || content,
    CONTENT_PUBLIC_URL: content,
    STOREFRONT_REVALIDATE_URL: `${web}/api/content-callbacks/revalidate`,
    GATEWAY_SANDBOX_PUBLIC_URL: sandbox,
    // Server-to-server calls go to where the sandbox listens; browsers load the card fields from its public origin.
    METROBANK_API_URL: `${sandbox}/metrobank`,
    METROBANK_FIELDS_URL: `${sandboxPublic}/metrobank/fields/v1/card.html`,
    PAYPAL_BASE_URL: `${sandbox}/paypal`,
    GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: `${web}/api/payments/webhooks/metrobank`,
    GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: `${web}/api/payments/webhooks/paypal`,
  };
  const result = { ...env };
  for (const name of DERIVED_URLS) if (!result[name]) result[name] = derived[name];
  return result;
}

// Settings the environment may give even when the file does not name them (the local cluster's, commented out in
// .env.example).
const ENVIRONMENT_ONLY = /^(CLUSTER_[A-Z0-9_]+|REDIS_URL)$/;

/**
 * The local secrets of the content service's callbacks (.env.example's values), one per kind: a `.env` written before
 * a kind had its own secret runs with these. A deployment's storefront refuses them (apps/web/src/lib/env-schema.ts).
 */
export const LOCAL_CALLBACK_SECRETS = {
  REVALIDATE_SECRET: 'local-revalidate-secret-change-me',
  ACCOUNT_EMAILS_SECRET: 'local-account-emails-secret-change-me',
  REMINDERS_SECRET: 'local-reminders-secret-change-me',
};

/** The callbacks' secrets that `env` does not set, filled with the local ones. */
export function withLocalCallbackSecrets(env) {
  const result = { ...env };
  for (const [name, value] of Object.entries(LOCAL_CALLBACK_SECRETS)) if (!result[name]) result[name] = value;
  return result;
}

export function loadProjectEnv(root, overrides = process.env) {
  const file = existsSync(join(root, '.env')) ? '.env' : '.env.example';
  const fromFile = parseEnvFile(readFileSync(join(root, file), 'utf8'));
  const merged = { ...fromFile };
  for (const key of new Set([...Object.keys(fromFile), ...DERIVED_URLS, ...Object.keys(overrides).filter((name) => ENVIRONMENT_ONLY.test(name))])) {
    if (overrides[key] !== undefined && overrides[key] !== '') merged[key] = overrides[key];
  }
  return { env: withDerivedUrls(withLocalCallbackSecrets(merged)), file };
}
