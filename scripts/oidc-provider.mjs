#!/usr/bin/env node
// A local OpenID Connect provider for tests and local trials of the content service's "provider login" (Directus'
// openid driver). Built on the oidc-provider package; no internet access, everything in memory (cookie keys,
// sessions, codes, tokens: a restart forgets them all). It signs with oidc-provider's fixed development key, not one
// made at each start: Directus (openid-client) caches the provider's keys and fetches them again at most once a
// minute, so a provider restarted with a new key had its sign-ins refused ("no valid key found in issuer's jwks_uri").
// That key is public: this provider is for loopback tests and trials only, never a real deployment.
//
//   node scripts/oidc-provider.mjs          listens on http://127.0.0.1:8190 (OIDC_PROVIDER_PORT), issuer = that URL
//
// One confidential client: OIDC_CLIENT_ID / OIDC_CLIENT_SECRET (client_secret_basic unless OIDC_CLIENT_AUTH_METHOD),
// redirect URIs OIDC_REDIRECT_URIS (comma list; default {content}/auth/login/oidc/callback), code flow, PKCE.
// Accounts: any e-mail typed on the login page, with the password OIDC_USER_PASSWORD, signs in as that e-mail
// (lower-cased): claims sub = email, email_verified true, given_name/family_name/name from the e-mail's local part
// ("ana.perez@..." -> Ana / Perez). No consent page: the client is first-party, its scopes are granted at sign-in.
// scripts/lib/oidc-provider.mjs starts it as a child process (startOidcProvider).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { pino } from 'pino';
import { ensureProjectNode } from './lib/project-node.mjs';
import { oidcProviderEnvironment } from './lib/oidc-provider.mjs';

// oidc-provider supports Node 22+ only (it warns on older ones): re-run on the project's Node 22 when needed.
await ensureProjectNode();

// JSON lines on standard output, as the other services'. The accounts it names are the tests' and trials' made-up
// ones: this provider never stands for a real one.
const log = pino({ name: 'oidc-provider' });

let settings;
try {
  settings = oidcProviderEnvironment(process.env);
} catch (error) {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const { issuer, host, port, redirectUris, provider: vars } = settings;

const { default: Provider } = await import('oidc-provider');
// The package's own in-memory store and development key, passed explicitly: that quiets its warnings about them
// (oidc-provider is pinned to an exact version in package.json; these files have no public entry point).
const { createMemoryAdapter } = await import('oidc-provider/lib/adapters/memory_adapter.js');
const jwks = await import('oidc-provider/lib/consts/dev_keystore.js').then(
  (module) => structuredClone(module.default),
  // Should a future version move it: a key of our own (stable for this process only).
  () => ({ keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: `local-${randomBytes(4).toString('hex')}`, use: 'sig', alg: 'RS256' }] }),
);

const SCOPES = 'openid email profile';
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** given_name/family_name/name from an e-mail's local part: "ana.maria_perez+x@..." -> "Ana", "Maria Perez". */
function namesFor(email) {
  const words = email.split('@')[0].replace(/\+.*$/, '').split(/[._-]+/).filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const [given = email, ...rest] = words;
  const claims = { given_name: given, name: words.join(' ') || email };
  if (rest.length) claims.family_name = rest.join(' ');
  return claims;
}

function account(sub) {
  if (!EMAIL.test(sub)) return undefined;
  return {
    accountId: sub,
    async claims() {
      return { sub, email: sub, email_verified: true, ...namesFor(sub) };
    },
  };
}

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.5rem}button{margin-top:1rem;padding:.5rem 1rem}.error{color:#b00020}</style>
</head><body>
<h1>${escape(title)}</h1>
${body}
</body></html>`;

const oidc = new Provider(issuer, {
  adapter: createMemoryAdapter(),
  clients: [
    {
      client_id: vars.OIDC_CLIENT_ID,
      client_secret: vars.OIDC_CLIENT_SECRET,
      client_name: 'Car rental content service',
      redirect_uris: redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: vars.OIDC_CLIENT_AUTH_METHOD,
    },
  ],
  findAccount: (ctx, sub) => account(sub),
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name'],
  },
  // The scopes' claims in the ID token as well as at userinfo.
  conformIdTokenClaims: false,
  // First-party client: its scopes are granted without a consent page (a consent prompt that remains, e.g. for
  // prompt=consent, is granted by /interaction without a page too).
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    if (ctx.oidc.client.clientId !== vars.OIDC_CLIENT_ID || !ctx.oidc.session.accountId) return undefined;
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope(SCOPES);
    await grant.save();
    return grant;
  },
  pkce: { required: () => true },
  jwks,
  cookies: {
    keys: [randomBytes(32).toString('hex')],
    // Cookies ignore ports: names of our own, so they never mix with the storefront's or Directus' on 127.0.0.1.
    names: { session: 'local_oidc_session', interaction: 'local_oidc_interaction', resume: 'local_oidc_resume' },
  },
  features: {
    devInteractions: { enabled: false },
    rpInitiatedLogout: { enabled: false },
  },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  ttl: {
    AccessToken: 60 * 60,
    AuthorizationCode: 60,
    IdToken: 60 * 60,
    RefreshToken: 24 * 60 * 60,
    Interaction: 60 * 60,
    Session: 24 * 60 * 60,
    Grant: 24 * 60 * 60,
  },
  clientBasedCORS: () => true,
  async renderError(ctx, out) {
    ctx.type = 'html';
    const lines = Object.entries(out).map(([key, value]) => `<p><strong>${escape(key)}</strong>: ${escape(value)}</p>`).join('\n');
    ctx.body = page('Sign-in error', lines);
  },
});

// One line for each refused request, for whoever reads the log of a failing test.
const refused = (what) => (ctx, error) => log.info(`${what} refused: ${error.error ?? error.name}${error.error_description ? ` (${error.error_description})` : ''}`);
oidc.on('authorization.error', refused('authorization request'));
oidc.on('grant.error', refused('token request'));
oidc.on('userinfo.error', refused('userinfo request'));
oidc.on('server_error', (ctx, error) => log.error({ err: error }, 'server error'));

function loginForm(uid, { login = '', error } = {}) {
  return page('Sign in', `<p>Local test identity provider: any e-mail address, with the shared test password.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}" autocomplete="off">
<label for="login">E-mail</label>
<input id="login" name="login" type="email" required value="${escape(login)}"${login ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" required${login ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p><a href="/interaction/${escape(uid)}/abort">Cancel</a></p>`);
}

function send(res, status, html) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 64 * 1024) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

/** Grants what a consent prompt still misses (for the one client this provider knows) and finishes the interaction. */
async function grantConsent(req, res, details) {
  const { prompt, params, session, grantId } = details;
  const grant = grantId ? await oidc.Grant.find(grantId) : new oidc.Grant({ accountId: session.accountId, clientId: params.client_id });
  if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
  if (prompt.details.missingResourceScopes) {
    for (const [indicator, scopes] of Object.entries(prompt.details.missingResourceScopes)) grant.addResourceScope(indicator, scopes.join(' '));
  }
  await oidc.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

async function interaction(req, res, uid, action) {
  let details;
  try {
    details = await oidc.interactionDetails(req, res);
  } catch {
    return send(res, 400, page('Sign-in expired', '<p>This sign-in is no longer valid (expired, or its cookie is missing). Start again from the application.</p>'));
  }
  if (details.uid !== uid) return send(res, 400, page('Sign-in expired', '<p>This sign-in is not the current one. Start again from the application.</p>'));
  if (action === 'abort') {
    return oidc.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
  }
  if (details.prompt.name === 'consent') return grantConsent(req, res, details);
  if (details.prompt.name !== 'login') return send(res, 501, page('Not supported', `<p>Prompt ${escape(details.prompt.name)} is not supported.</p>`));
  if (req.method === 'GET') return send(res, 200, loginForm(uid, { login: details.params.login_hint ?? '' }));
  if (req.method !== 'POST') return send(res, 405, page('Not allowed', ''));
  const form = await readForm(req);
  const login = (form.get('login') ?? '').trim().toLowerCase();
  const password = form.get('password') ?? '';
  if (!EMAIL.test(login)) return send(res, 401, loginForm(uid, { login, error: 'Enter an e-mail address.' }));
  if (password !== vars.OIDC_USER_PASSWORD) {
    log.info(`sign-in refused for ${login}: wrong password`);
    return send(res, 401, loginForm(uid, { login, error: 'Wrong e-mail or password.' }));
  }
  log.info(`signed in as ${login}`);
  return oidc.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
}

const handle = oidc.callback();
const server = createServer((req, res) => {
  const match = /^\/interaction\/([^/?]+)(\/abort)?(?:\?|$)/.exec(req.url ?? '');
  if (!match) return handle(req, res);
  interaction(req, res, decodeURIComponent(match[1]), match[2] ? 'abort' : 'form').catch((error) => {
    log.error({ err: error }, 'interaction error');
    if (!res.headersSent) send(res, 500, page('Error', `<p>${escape(error.message ?? error)}</p>`));
    else res.end();
  });
});

server.once('error', (error) => {
  log.fatal(`cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => {
  log.info(`OIDC provider ready on ${issuer}`);
});

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
