// The bench's own stack: content service on a temporary database, a counting proxy in front of it, the storefront
// built into its own folder. Ports and data never overlap `npm start` (3000/8055) or the test harness.
import { join } from 'node:path';
import { HOST, PORTS } from './options.mjs';

const url = (port) => `http://${HOST}:${port}`;

/**
 * Settings shared by the content service and the storefront. The storefront's server reads content through the
 * counting proxy; browsers load assets from the content service directly; the content service's revalidation
 * webhook reaches the bench's storefront.
 */
export function benchEnv(projectEnv, tmpDir) {
  return {
    ...projectEnv,
    BRAND: 'firefly',
    // Storefront
    WEB_HOST: HOST,
    WEB_PORT: String(PORTS.web),
    SITE_URL: url(PORTS.web),
    DIRECTUS_URL: url(PORTS.contentProxy),
    DIRECTUS_PUBLIC_URL: url(PORTS.content),
    // Content service (names from the header of scripts/lib/content-service.mjs)
    CONTENT_HOST: HOST,
    CONTENT_PORT: String(PORTS.content),
    CONTENT_PUBLIC_URL: url(PORTS.content),
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: join(tmpDir, 'content.db'),
    STORAGE_LOCAL_ROOT: join(tmpDir, 'uploads'),
    STOREFRONT_REVALIDATE_URL: `${url(PORTS.web)}/api/content-callbacks/revalidate`,
    // The payment reconciler's background calls (pending payments, lapsed holds) are not page views: once a day here,
    // so "content calls per page view" counts what the pages cost (they showed as 2 per page load otherwise).
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '86400',
    // The storefront's line per request (LOG_LEVEL=info) would be read by the bench's own process, which also runs the
    // load generator, during the storefront's runs only: warnings and errors are enough here.
    LOG_LEVEL: 'warn',
    // No provider login: the bench runs no OpenID provider (npm start's local one would be looked for in vain).
    AUTH_PROVIDERS: '',
    AUTH_LOGIN_PROVIDERS: '',
  };
}
