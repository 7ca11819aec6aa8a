// Starts the local OpenID Connect provider (scripts/oidc-provider.mjs, built on the oidc-provider package) for tests
// and local trials of the content service's "provider login" (Directus' openid driver, AUTH_PROVIDERS=oidc).
//
//   import { startOidcProvider } from './lib/oidc-provider.mjs';
//   const op = await startOidcProvider({ port, redirectUris: [`${content}/auth/login/oidc/callback`] });
//   // -> { url, issuer, discoveryUrl, clientId, clientSecret, redirectUris, userPassword, pid, stop(), exited }
//
// Every start: the port is checked, the provider is spawned on the project's Node 22 in its own process group (and
// noted in TEST_PROCESS_DIR when the test harness set it, so an interrupted run still stops it), and awaited on
// GET /.well-known/openid-configuration. It keeps everything in memory: a restart forgets sessions and tokens.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPortFree, startChildService, waitForHttp } from './processes.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENTRY = join(ROOT, 'scripts', 'oidc-provider.mjs');

// Defaults of the provider's variables. The redirect URI follows the content service's address (CONTENT_PUBLIC_URL,
// else CONTENT_HOST/CONTENT_PORT) with Directus' callback path for a provider named `oidc`, unless OIDC_REDIRECT_URIS is set.
export const OIDC_PROVIDER_DEFAULTS = {
  OIDC_PROVIDER_HOST: '127.0.0.1',
  OIDC_PROVIDER_PORT: '8190',
  OIDC_CLIENT_ID: 'rentacar-content',
  OIDC_CLIENT_SECRET: 'local-oidc-secret-change-me',
  OIDC_CLIENT_AUTH_METHOD: 'client_secret_basic',
  OIDC_USER_PASSWORD: 'local-oidc-password',
};

const AUTH_METHODS = ['client_secret_basic', 'client_secret_post'];

const list = (value) => (Array.isArray(value) ? value : String(value).split(',')).map((item) => String(item).trim()).filter(Boolean);

/**
 * Resolves the provider's settings from the project's variables (OIDC_*, CONTENT_*). Throws an Error naming the
 * variable when one is invalid.
 */
export function oidcProviderEnvironment(env = process.env) {
  const v = (name) => (env[name] !== undefined && env[name] !== '' ? String(env[name]) : OIDC_PROVIDER_DEFAULTS[name]);
  const host = v('OIDC_PROVIDER_HOST');
  const port = Number(v('OIDC_PROVIDER_PORT'));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`oidc provider: OIDC_PROVIDER_PORT must be a port number (got "${v('OIDC_PROVIDER_PORT')}")`);
  const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const content = (env.CONTENT_PUBLIC_URL || `http://${env.CONTENT_HOST || '127.0.0.1'}:${env.CONTENT_PORT || '8055'}`).replace(/\/+$/, '');
  const redirectUris = env.OIDC_REDIRECT_URIS ? list(env.OIDC_REDIRECT_URIS) : [`${content}/auth/login/oidc/callback`];
  for (const uri of redirectUris) {
    if (!URL.canParse(uri) || !/^https?:$/.test(new URL(uri).protocol)) throw new Error(`oidc provider: OIDC_REDIRECT_URIS must list http(s) URLs (got "${uri}")`);
  }
  const authMethod = v('OIDC_CLIENT_AUTH_METHOD');
  if (!AUTH_METHODS.includes(authMethod)) throw new Error(`oidc provider: OIDC_CLIENT_AUTH_METHOD must be ${AUTH_METHODS.join(' or ')} (got "${authMethod}")`);
  const provider = {
    OIDC_PROVIDER_HOST: host,
    OIDC_PROVIDER_PORT: String(port),
    OIDC_CLIENT_ID: v('OIDC_CLIENT_ID'),
    OIDC_CLIENT_SECRET: v('OIDC_CLIENT_SECRET'),
    OIDC_CLIENT_AUTH_METHOD: authMethod,
    OIDC_REDIRECT_URIS: redirectUris.join(','),
    OIDC_USER_PASSWORD: v('OIDC_USER_PASSWORD'),
  };
  return { url: issuer, issuer, host, port, redirectUris, provider };
}

/** The Node that runs the provider: the project's Node 22 (npm package node@22), else this one. */
function providerNode() {
  const projectNode = join(ROOT, 'node_modules', 'node', 'bin', 'node');
  return existsSync(projectNode) ? projectNode : process.execPath;
}

/**
 * Starts the provider. Options (each one wins over the matching variable in `env`):
 *   port, host     - where it listens (OIDC_PROVIDER_PORT, default 8190; OIDC_PROVIDER_HOST, default 127.0.0.1)
 *   clientId, clientSecret - the one confidential client (OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)
 *   clientAuthMethod - client_secret_basic (default, what Directus uses) or client_secret_post (OIDC_CLIENT_AUTH_METHOD)
 *   redirectUris   - array or comma list (OIDC_REDIRECT_URIS; default {content}/auth/login/oidc/callback)
 *   userPassword   - the password every e-mail login needs (OIDC_USER_PASSWORD)
 *   env            - the project's variables; default process.env
 *   log            - a log function (scripts/lib/log.mjs) for its output (JSON lines: sign-ins, refused requests);
 *                    default console.log
 *   quiet          - true: pass on only problems (lines of level warn and above)
 *   timeoutMs      - how long to wait for the discovery document (default 20000)
 * Resolves { url, issuer, discoveryUrl, clientId, clientSecret, redirectUris, userPassword, pid, child, stop(), exited }:
 *   stop()  - SIGTERM to its process group (SIGKILL after 8 s); resolves when it has exited
 *   exited  - a promise of the exit code, or of the signal that ended it (never rejects)
 * Rejects with a clear Error when the port is taken, a setting is invalid or the provider exits before answering.
 */
export async function startOidcProvider({
  port,
  host,
  clientId,
  clientSecret,
  clientAuthMethod,
  redirectUris,
  userPassword,
  env = process.env,
  log = (line) => console.log(line),
  quiet = false,
  timeoutMs = 20_000,
} = {}) {
  const given = {
    OIDC_PROVIDER_PORT: port,
    OIDC_PROVIDER_HOST: host,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
    OIDC_CLIENT_AUTH_METHOD: clientAuthMethod,
    OIDC_REDIRECT_URIS: redirectUris === undefined ? undefined : list(redirectUris).join(','),
    OIDC_USER_PASSWORD: userPassword,
  };
  const merged = { ...env };
  for (const [name, value] of Object.entries(given)) if (value !== undefined && value !== '') merged[name] = String(value);
  const settings = oidcProviderEnvironment(merged);
  await assertPortFree(settings.host, settings.port, 'The OIDC provider');

  const childEnv = { ...process.env, ...settings.provider };
  delete childEnv.NODE_OPTIONS;
  const discoveryUrl = `${settings.issuer}/.well-known/openid-configuration`;
  const { pid, child, stop, exited } = await startChildService({
    name: 'oidc-provider',
    command: providerNode(),
    args: [ENTRY],
    cwd: ROOT,
    env: childEnv,
    log,
    quiet,
    ready: (started) => waitForHttp(discoveryUrl, { child: started, timeoutMs, accept: (response) => response.status === 200 }),
  });
  return {
    url: settings.url,
    issuer: settings.issuer,
    discoveryUrl,
    clientId: settings.provider.OIDC_CLIENT_ID,
    clientSecret: settings.provider.OIDC_CLIENT_SECRET,
    redirectUris: settings.redirectUris,
    userPassword: settings.provider.OIDC_USER_PASSWORD,
    pid,
    child,
    stop,
    exited,
  };
}
