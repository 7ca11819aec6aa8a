// The local OpenID Connect provider (scripts/oidc-provider.mjs): its settings, and a real process on a free port driven
// with plain fetch through the authorization-code flow with PKCE, as Directus' openid driver (openid-client) runs it.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OIDC_PROVIDER_DEFAULTS, oidcProviderEnvironment, startOidcProvider } from './oidc-provider.mjs';
import { freePort } from './processes.mjs';

describe('OIDC provider settings', () => {
  it('uses the local defaults and Directus\' callback on the content service', () => {
    const { issuer, redirectUris, provider } = oidcProviderEnvironment({});
    expect(issuer).toBe('http://127.0.0.1:8190');
    expect(redirectUris).toEqual(['http://127.0.0.1:8055/auth/login/oidc/callback']);
    expect(provider).toMatchObject({
      OIDC_CLIENT_ID: OIDC_PROVIDER_DEFAULTS.OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: OIDC_PROVIDER_DEFAULTS.OIDC_CLIENT_SECRET,
      OIDC_CLIENT_AUTH_METHOD: 'client_secret_basic',
      OIDC_USER_PASSWORD: 'local-oidc-password',
    });
  });

  it('follows CONTENT_PUBLIC_URL, takes a redirect list, and names a bad setting', () => {
    expect(oidcProviderEnvironment({ CONTENT_PUBLIC_URL: 'http://127.0.0.1:9055/' }).redirectUris).toEqual(['http://127.0.0.1:9055/auth/login/oidc/callback']);
    expect(oidcProviderEnvironment({ OIDC_REDIRECT_URIS: 'http://a.test/cb, http://b.test/cb' }).redirectUris).toEqual(['http://a.test/cb', 'http://b.test/cb']);
    expect(() => oidcProviderEnvironment({ OIDC_PROVIDER_PORT: 'eighty' })).toThrow(/OIDC_PROVIDER_PORT/);
    expect(() => oidcProviderEnvironment({ OIDC_REDIRECT_URIS: 'not a url' })).toThrow(/OIDC_REDIRECT_URIS/);
  });
});

/** The few cookies of one "browser": name -> value, sent on every request (paths ignored). */
function cookieJar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const name = pair.slice(0, pair.indexOf('=')).trim();
        const value = pair.slice(pair.indexOf('=') + 1).trim();
        const expires = attributes.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
        if (!value || (expires && Date.parse(expires.slice(8)) < Date.now())) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

const base64url = (buffer) => Buffer.from(buffer).toString('base64url');
const claimsOf = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

describe('OIDC provider process', () => {
  const redirectUri = 'http://127.0.0.1:9/auth/login/oidc/callback';
  const clientId = 'test-client';
  const clientSecret = 'test-secret';
  const userPassword = 'test-password';
  const output = [];
  let op;

  beforeAll(async () => {
    op = await startOidcProvider({ port: await freePort(), clientId, clientSecret, redirectUris: [redirectUri], userPassword, log: (line) => output.push(line) });
  }, 30_000);

  afterAll(async () => {
    await op?.stop();
  });

  /** GET (or POST a form) without following redirects, keeping the jar's cookies. */
  async function request(jar, url, form) {
    const response = await fetch(new URL(url, op.url), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
    });
    jar.take(response);
    return response;
  }

  /** Starts an authorization request like openid-client 5 for Directus; resolves the interaction's URL, or the redirect. */
  async function authorize(jar, extra = {}) {
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash('sha256').update(verifier).digest());
    const params = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      access_type: 'offline',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: challenge,
      nonce: challenge,
      ...extra,
    });
    const response = await request(jar, `/auth?${params}`);
    expect(response.status).toBe(303);
    return { verifier, challenge, location: response.headers.get('location') };
  }

  /** Follows redirects on the provider until one leaves it (to the client's redirect URI). */
  async function followToClient(jar, location) {
    let next = location;
    for (let hops = 0; hops < 10; hops += 1) {
      const url = new URL(next, op.url);
      if (url.origin !== op.url) return url;
      const response = await request(jar, url);
      expect(response.status, `${url} answered ${response.status}: ${await response.clone().text()}`).toBeGreaterThanOrEqual(300);
      next = response.headers.get('location');
    }
    throw new Error('too many redirects');
  }

  async function exchange(code, verifier) {
    const response = await fetch(`${op.url}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }),
    });
    return { status: response.status, body: await response.json() };
  }

  it('publishes its discovery document on 127.0.0.1', async () => {
    const response = await fetch(op.discoveryUrl);
    expect(response.status).toBe(200);
    const metadata = await response.json();
    expect(metadata.issuer).toBe(op.issuer);
    expect(op.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(metadata.authorization_endpoint).toBe(`${op.issuer}/auth`);
    expect(metadata.token_endpoint).toBe(`${op.issuer}/token`);
    expect(metadata.response_types_supported).toContain('code');
    expect(metadata.code_challenge_methods_supported).toContain('S256');
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('signs an e-mail in with the password, and the code gives an ID token for that e-mail', async () => {
    const jar = cookieJar();
    const { verifier, challenge, location } = await authorize(jar);
    expect(location).toMatch(/^\/interaction\//);

    const form = await request(jar, location);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('name="login"');
    expect(html).toContain('name="password"');

    const submitted = await request(jar, location, { login: 'Ana.Perez@Example.com', password: userPassword });
    expect(submitted.status).toBe(303);
    const callback = await followToClient(jar, submitted.headers.get('location'));
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe(challenge);
    expect(callback.searchParams.get('iss')).toBe(op.issuer);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    const { status, body } = await exchange(code, verifier);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.token_type).toBe('Bearer');
    const claims = claimsOf(body.id_token);
    expect(claims).toMatchObject({
      iss: op.issuer,
      aud: clientId,
      nonce: challenge,
      sub: 'ana.perez@example.com',
      email: 'ana.perez@example.com',
      email_verified: true,
      given_name: 'Ana',
      family_name: 'Perez',
    });

    const userinfo = await fetch(`${op.url}/me`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: 'ana.perez@example.com', email: 'ana.perez@example.com' });

    // A code is good once.
    expect((await exchange(code, verifier)).body.error).toBe('invalid_grant');

    // Directus asks again with prompt=consent after an invalid grant: the same browser gets a code without a page.
    const again = await authorize(jar, { prompt: 'consent' });
    const second = await followToClient(jar, again.location);
    expect(second.searchParams.get('code')).toBeTruthy();
    expect(claimsOf((await exchange(second.searchParams.get('code'), again.verifier)).body.id_token).email).toBe('ana.perez@example.com');

    // prompt=login (AUTH_OIDC_PARAMS) shows the form again although the browser is signed in.
    const relogin = await authorize(jar, { prompt: 'login' });
    expect(relogin.location).toMatch(/^\/interaction\//);
    expect((await request(jar, relogin.location)).status).toBe(200);
  });

  it('signs with the same key after a restart (Directus refetches a provider\'s keys at most once a minute)', async () => {
    const other = await startOidcProvider({ port: await freePort(), clientId, clientSecret, redirectUris: [redirectUri], userPassword, quiet: true, log: (line) => output.push(line) });
    try {
      const keys = async (url) => (await (await fetch(`${url}/jwks`)).json()).keys;
      const [first, second] = [await keys(op.url), await keys(other.url)];
      expect(first.length).toBeGreaterThan(0);
      expect(first.some((key) => 'd' in key)).toBe(false);
      expect(second).toEqual(first);
    } finally {
      await other.stop();
    }
  });

  it('refuses a wrong password, and a code without its PKCE verifier', async () => {
    const jar = cookieJar();
    const { location } = await authorize(jar);
    const refused = await request(jar, location, { login: 'ana.perez@example.com', password: 'not-the-password' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('location')).toBeNull();
    expect(await refused.text()).toContain('Wrong e-mail or password');
    // The provider's log line travels through its stdout pipe, which may deliver it after the HTTP answer.
    await vi.waitFor(() => expect(output.join('\n')).toContain('sign-in refused for ana.perez@example.com'));

    const retried = await request(jar, location, { login: 'ana.perez@example.com', password: userPassword });
    expect(retried.status).toBe(303);
    const callback = await followToClient(jar, retried.headers.get('location'));
    const { status, body } = await exchange(callback.searchParams.get('code'), base64url(randomBytes(32)));
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });
});
