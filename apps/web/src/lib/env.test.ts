import { describe, expect, it } from 'vitest';
import { isDeployment, isLoopbackHost, parseServerEnv } from './env-schema';

const local = { BRAND: 'firefly' };
const production = {
  BRAND: 'firefly',
  NODE_ENV: 'production',
  SITE_URL: 'https://www.firefly.com.pa',
  DIRECTUS_URL: 'http://content.internal:8055',
  DIRECTUS_PUBLIC_URL: 'https://cms.firefly.com.pa/',
  DIRECTUS_STOREFRONT_TOKEN: 'a-real-storefront-token',
  REVALIDATE_SECRET: 'a-real-revalidate-secret',
  ACCOUNT_EMAILS_SECRET: 'a-real-account-emails-secret',
  REMINDERS_SECRET: 'a-real-reminders-secret',
  SESSION_SECRET: 'a-real-session-secret-of-32-characters',
};

describe('server environment', () => {
  it('runs on a developer machine with the local defaults and no secrets', () => {
    const env = parseServerEnv(local);
    expect(env).toMatchObject({
      brand: 'firefly',
      siteUrl: 'http://127.0.0.1:3000',
      directusUrl: 'http://127.0.0.1:8055',
      directusPublicUrl: 'http://127.0.0.1:8055',
      httpsSite: false,
      deployment: false,
      storefrontToken: undefined,
      callbackSecrets: { revalidate: undefined, 'account-emails': undefined, reminders: undefined },
      mail: { smtp: undefined, outboxDir: 'data/mail-outbox' },
    });
  });

  it('is local in production mode while SITE_URL is on a loopback address (npm start, npm test, the bench)', () => {
    for (const siteUrl of ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000', 'http://127.0.0.2']) {
      expect(parseServerEnv({ ...local, NODE_ENV: 'production', SITE_URL: siteUrl }).deployment, siteUrl).toBe(false);
    }
  });

  it('reads a deployment’s values, with trailing slashes trimmed and HTTPS noticed', () => {
    const env = parseServerEnv(production);
    expect(env).toMatchObject({
      siteUrl: 'https://www.firefly.com.pa',
      directusPublicUrl: 'https://cms.firefly.com.pa',
      httpsSite: true,
      deployment: true,
      storefrontToken: 'a-real-storefront-token',
      callbackSecrets: { revalidate: 'a-real-revalidate-secret', 'account-emails': 'a-real-account-emails-secret', reminders: 'a-real-reminders-secret' },
      sessionSecret: 'a-real-session-secret-of-32-characters',
    });
  });

  it.each(['DIRECTUS_STOREFRONT_TOKEN', 'REVALIDATE_SECRET', 'ACCOUNT_EMAILS_SECRET', 'REMINDERS_SECRET', 'SESSION_SECRET'] as const)('requires %s in production, naming it', (name) => {
    expect(() => parseServerEnv({ ...production, [name]: undefined })).toThrow(
      new RegExp(`^Invalid environment: ${name} is required in production \\(SITE_URL https://www.firefly.com.pa is not a local address\\)$`),
    );
    // An empty line in .env is the same as a missing one.
    expect(() => parseServerEnv({ ...production, [name]: '' })).toThrow(new RegExp(`${name} is required in production`));
  });

  it('names both secrets when both are missing', () => {
    expect(() => parseServerEnv({ ...production, DIRECTUS_STOREFRONT_TOKEN: undefined, REVALIDATE_SECRET: undefined })).toThrow(
      /DIRECTUS_STOREFRONT_TOKEN is required.*; REVALIDATE_SECRET is required/,
    );
  });

  it('refuses the local values of .env.example in production', () => {
    expect(() => parseServerEnv({ ...production, DIRECTUS_STOREFRONT_TOKEN: 'local-storefront-token-change-me' })).toThrow(
      /DIRECTUS_STOREFRONT_TOKEN still has the local value from \.env\.example/,
    );
    expect(() => parseServerEnv({ ...production, REVALIDATE_SECRET: 'local-revalidate-secret-change-me' })).toThrow(
      /REVALIDATE_SECRET still has the local value from \.env\.example/,
    );
    expect(() => parseServerEnv({ ...production, REMINDERS_SECRET: 'local-reminders-secret-change-me' })).toThrow(
      /REMINDERS_SECRET still has the local value from \.env\.example/,
    );
    expect(() => parseServerEnv({ ...production, SESSION_SECRET: 'local-session-secret-change-me-0123456789' })).toThrow(
      /SESSION_SECRET still has the local value from \.env\.example/,
    );
  });

  it('sends mail through SMTP only when SMTP_HOST is set', () => {
    expect(parseServerEnv({ ...local, SMTP_HOST: 'smtp.example.com', SMTP_PORT: '2525', SMTP_USER: 'u', SMTP_PASSWORD: 'p' }).mail.smtp).toEqual({
      host: 'smtp.example.com',
      port: 2525,
      secure: false,
      auth: { user: 'u', pass: 'p' },
    });
    expect(() => parseServerEnv({ ...local, SMTP_PORT: 'many' })).toThrow(/SMTP_PORT/);
  });

  it('refuses one secret for two kinds of callback, in production and locally', () => {
    expect(() => parseServerEnv({ ...production, REMINDERS_SECRET: production.ACCOUNT_EMAILS_SECRET })).toThrow(
      /^Invalid environment: REMINDERS_SECRET must differ from ACCOUNT_EMAILS_SECRET: each callback kind has its own secret$/,
    );
    expect(() => parseServerEnv({ ...local, REVALIDATE_SECRET: 'one-secret-for-all', ACCOUNT_EMAILS_SECRET: 'one-secret-for-all' })).toThrow(
      /ACCOUNT_EMAILS_SECRET must differ from REVALIDATE_SECRET/,
    );
  });

  it('names a malformed variable', () => {
    expect(() => parseServerEnv({ ...local, SITE_URL: 'not a url' })).toThrow(/^Invalid environment: SITE_URL: /);
    expect(() => parseServerEnv({ ...local, REVALIDATE_SECRET: 'short' })).toThrow(/REVALIDATE_SECRET: must be at least 16 characters/);
    expect(() => parseServerEnv({ ...local, ACCOUNT_EMAILS_SECRET: 'short' })).toThrow(/ACCOUNT_EMAILS_SECRET: must be at least 16 characters/);
    expect(() => parseServerEnv({})).toThrow(/No brand specified/);
  });
});

describe('loopback and deployment', () => {
  it('knows loopback hosts', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['www.firefly.com.pa', '10.0.0.1', '127.0.0.1.example.com', 'localhost.example.com', '0.0.0.0']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('is a deployment only in production mode on a non-loopback SITE_URL', () => {
    expect(isDeployment('production', 'https://www.firefly.com.pa')).toBe(true);
    expect(isDeployment('production', 'http://192.168.1.20:3000')).toBe(true);
    expect(isDeployment('development', 'https://www.firefly.com.pa')).toBe(false);
    expect(isDeployment('test', 'https://www.firefly.com.pa')).toBe(false);
    expect(isDeployment(undefined, 'https://www.firefly.com.pa')).toBe(false);
    expect(isDeployment('production', 'http://127.0.0.1:3000')).toBe(false);
  });
});

describe('corporate accounts and instances', () => {
  it('reads the provider buttons as provider ids (their words are content), refresh on by default', () => {
    const env = parseServerEnv({ ...local, AUTH_LOGIN_PROVIDERS: 'oidc, Google' });
    expect(env.accounts).toEqual({ autoRefresh: true, loginProviders: ['oidc', 'google'], ssoRefreshCookieName: 'directus_refresh_token' });
    // A label left from the older `name:Label` form is ignored: the site config names the provider in each language.
    expect(parseServerEnv({ ...local, AUTH_LOGIN_PROVIDERS: 'oidc:Empresa (OIDC local)' }).accounts.loginProviders).toEqual(['oidc']);
    expect(parseServerEnv({ ...local, AUTH_AUTO_REFRESH: 'false' }).accounts.autoRefresh).toBe(false);
    expect(() => parseServerEnv({ ...local, AUTH_LOGIN_PROVIDERS: 'not an id!' })).toThrow(/AUTH_LOGIN_PROVIDERS: "not an id!" is not a provider id/);
  });

  it('names the instance for X-Served-By, refusing what a header cannot carry', () => {
    expect(parseServerEnv({ ...local, INSTANCE_NAME: 'web-1' }).instanceName).toBe('web-1');
    expect(parseServerEnv(local).instanceName).toBeUndefined();
    expect(() => parseServerEnv({ ...local, INSTANCE_NAME: 'web 1\r\nX: y' })).toThrow(/INSTANCE_NAME/);
  });

  it('logs at info by default, and refuses a LOG_LEVEL that is not a level, naming it', () => {
    expect(parseServerEnv(local).logLevel).toBe('info');
    expect(parseServerEnv({ ...local, LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => parseServerEnv({ ...local, LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });

  it('takes a Redis address for the shared cache, and refuses anything else', () => {
    expect(() => parseServerEnv({ ...local, REDIS_URL: 'redis://127.0.0.1:6380/0' })).not.toThrow();
    expect(() => parseServerEnv({ ...local, REDIS_URL: 'http://127.0.0.1:6380' })).toThrow(/REDIS_URL/);
  });

  it('compresses answers unless COMPRESS_RESPONSES is false (behind nginx), and refuses another value, naming it', () => {
    expect(parseServerEnv(local).compressResponses).toBe(true);
    expect(parseServerEnv({ ...local, COMPRESS_RESPONSES: 'false' }).compressResponses).toBe(false);
    expect(() => parseServerEnv({ ...local, COMPRESS_RESPONSES: 'no' })).toThrow(/COMPRESS_RESPONSES/);
  });

  it('trusts no proxy by default, and refuses a TRUSTED_PROXIES entry that is not an address or range, naming it', () => {
    expect(parseServerEnv(local).trustedProxies).toEqual([]);
    expect(parseServerEnv({ ...local, TRUSTED_PROXIES: ' 127.0.0.1 , 172.31.250.0/24,fd00::/8 ' }).trustedProxies).toEqual([
      { network: '127.0.0.1', prefix: 32, family: 'ipv4' },
      { network: '172.31.250.0', prefix: 24, family: 'ipv4' },
      { network: 'fd00::', prefix: 8, family: 'ipv6' },
    ]);
    expect(() => parseServerEnv({ ...local, TRUSTED_PROXIES: '127.0.0.1,nginx' })).toThrow(
      'Invalid environment: TRUSTED_PROXIES: "nginx" is not an IP address or CIDR range (such as 127.0.0.1, 10.0.0.0/8 or fd00::/8)',
    );
    for (const bad of ['10.0.0.0/33', '10.0.0.0/', '256.0.0.1', 'fd00::/129', '::ffff:10.0.0.0/95', '10.0.0.1 10.0.0.2']) {
      expect(() => parseServerEnv({ ...local, TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
    }
  });
});

describe('metrics and traces', () => {
  it('are off unless configured', () => {
    const env = parseServerEnv(local);
    expect(env.metricsPort).toBeUndefined();
    expect(env.tracing).toBeUndefined();
  });

  it('serve metrics on METRICS_PORT, and refuse what is not a port', () => {
    expect(parseServerEnv({ ...local, METRICS_PORT: '9101' }).metricsPort).toBe(9101);
    for (const bad of ['0', '65536', 'metrics', '91.5']) expect(() => parseServerEnv({ ...local, METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT/);
  });

  it('export traces to OTEL_EXPORTER_OTLP_ENDPOINT by protobuf or JSON over HTTP, never gRPC', () => {
    expect(parseServerEnv({ ...local, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      protocol: 'http/protobuf',
      serviceName: 'rentacar-storefront',
    });
    expect(parseServerEnv({ ...local, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'web' }).tracing).toMatchObject({
      protocol: 'http/json',
      serviceName: 'web',
    });
    expect(() => parseServerEnv({ ...local, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => parseServerEnv({ ...local, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      'Invalid environment: OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf or http/json (gRPC is not supported)',
    );
  });
});
