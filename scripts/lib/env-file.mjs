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

// Addresses that follow the hosts and ports unless set: move the storefront or the content service to another port
// and everything that points at it follows.
const DERIVED_URLS = ['SITE_URL', 'DIRECTUS_URL', 'DIRECTUS_PUBLIC_URL', 'CONTENT_PUBLIC_URL', 'STOREFRONT_REVALIDATE_URL'];

const origin = (host, port) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** Fills the addresses that are not set from WEB_HOST/WEB_PORT and CONTENT_HOST/CONTENT_PORT. */
export function withDerivedUrls(env) {
  const web = origin(env.WEB_HOST || '127.0.0.1', env.WEB_PORT || '3000');
  const content = origin(env.CONTENT_HOST || '127.0.0.1', env.CONTENT_PORT || '8055');
  const derived = {
    SITE_URL: web,
    DIRECTUS_URL: content,
    DIRECTUS_PUBLIC_URL: env.DIRECTUS_URL || content,
    CONTENT_PUBLIC_URL: content,
    STOREFRONT_REVALIDATE_URL: `${web}/api/revalidate`,
  };
  const result = { ...env };
  for (const name of DERIVED_URLS) if (!result[name]) result[name] = derived[name];
  return result;
}

export function loadProjectEnv(root, overrides = process.env) {
  const file = existsSync(join(root, '.env')) ? '.env' : '.env.example';
  const fromFile = parseEnvFile(readFileSync(join(root, file), 'utf8'));
  const merged = { ...fromFile };
  for (const key of new Set([...Object.keys(fromFile), ...DERIVED_URLS])) {
    if (overrides[key] !== undefined && overrides[key] !== '') merged[key] = overrides[key];
  }
  return { env: withDerivedUrls(merged), file };
}
