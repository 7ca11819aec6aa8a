// The storefront's environment rules. No 'server-only' here, so that next.config.ts can apply them when `next start`
// loads it; server code reads the result through serverEnv() in ./env.ts.
import { z } from 'zod';
import { brandFromEnv } from '@rentacar/domain/brands';
import { parseTrustedProxies } from './trusted-proxies';

/** The values `.env.example` ships: fine on a developer machine, never in a deployment. */
const EXAMPLE_VALUES = {
  DIRECTUS_STOREFRONT_TOKEN: 'local-storefront-token-change-me',
  REVALIDATE_SECRET: 'local-revalidate-secret-change-me',
  ACCOUNT_EMAILS_SECRET: 'local-account-emails-secret-change-me',
  REMINDERS_SECRET: 'local-reminders-secret-change-me',
  SESSION_SECRET: 'local-session-secret-change-me-0123456789',
} as const;

/** Gateway credentials of the local sandbox (.env.example): a deployment that still has them is misconfigured. */
const SANDBOX_SECRETS = {
  METROBANK_SECRET_KEY: 'sk_test_local_sandbox',
  METROBANK_WEBHOOK_SECRET: 'whsec_local_sandbox_change_me',
  PAYPAL_CLIENT_SECRET: 'local-sandbox-client-secret',
} as const;

/**
 * The secret of each kind of callback from the content service (POST /api/content-callbacks/{kind},
 * src/content/callbacks.ts): one per kind, so one kind's secret opens no other.
 */
const CALLBACK_SECRETS = { revalidate: 'REVALIDATE_SECRET', 'account-emails': 'ACCOUNT_EMAILS_SECRET', reminders: 'REMINDERS_SECRET' } as const;

/** Secrets a deployment must set: without them the storefront would read content with public access, or take callbacks from anyone. */
const DEPLOYMENT_SECRETS = ['DIRECTUS_STOREFRONT_TOKEN', ...Object.values(CALLBACK_SECRETS), 'SESSION_SECRET'] as const;

/** Signs the cookies that identify something (the booking draft): a developer machine without one uses this. */
const LOCAL_SESSION_SECRET = EXAMPLE_VALUES.SESSION_SECRET;

const LOCAL_SITE_URL = 'http://127.0.0.1:3000';

const serverEnvSchema = z.object({
  BRAND: z.string().optional(),
  NODE_ENV: z.string().optional(),
  SITE_URL: z.url().default(LOCAL_SITE_URL),
  DIRECTUS_URL: z.url().default('http://127.0.0.1:8055'),
  DIRECTUS_PUBLIC_URL: z.url().optional(),
  DIRECTUS_STOREFRONT_TOKEN: z.string().optional(),
  // The content service's callbacks, a secret per kind (docs/architecture.md, "Callbacks from the content service").
  REVALIDATE_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ACCOUNT_EMAILS_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  REMINDERS_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Outgoing mail: SMTP when SMTP_HOST is set, else messages are written as .eml files under MAIL_OUTBOX_DIR.
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('Rent a Car <reservas@example.com>'),
  MAIL_OUTBOX_DIR: z.string().default('data/mail-outbox'),
  // Payment gateways (see docs/payments.md). A gateway whose variables are missing is simply not offered; the local
  // values of .env.example point at the gateway sandbox (services/gateway-sandbox).
  METROBANK_API_URL: z.url().optional(),
  METROBANK_FIELDS_URL: z.url().optional(),
  METROBANK_PUBLISHABLE_KEY: z.string().optional(),
  METROBANK_SECRET_KEY: z.string().optional(),
  METROBANK_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PAYPAL_BASE_URL: z.url().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  // How long the server waits for a gateway's answer before it treats the call as unanswered (reconciliation settles it).
  PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // How often pending payments are asked of their gateway and expired payment holds released.
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  // Corporate accounts (docs/accounts.md): refresh an expired session on the next request (auto-refresh);
  // the provider logins offered on the login page, their ids separated by commas (each a content-service
  // AUTH_PROVIDERS entry; the button's words are content: the site config's login providers, in each language; a
  // `:Label` left from older settings is ignored); the content service's refresh-token cookie name, read when a
  // provider login returns.
  AUTH_AUTO_REFRESH: z.enum(['true', 'false']).default('true'),
  AUTH_LOGIN_PROVIDERS: z
    .string()
    .default('')
    .transform((value, ctx) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .flatMap((entry) => {
          const match = /^([a-z0-9_-]+)(?::.*)?$/i.exec(entry);
          if (match?.[1]) return [match[1].toLowerCase()];
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not a provider id (letters, digits, - and _)` });
          return [];
        }),
    ),
  SSO_REFRESH_COOKIE_NAME: z.string().regex(/^[A-Za-z0-9_.-]+$/).default('directus_refresh_token'),
  // The least severe log lines written (JSON lines on standard output, logger.mjs, which reads it as the process
  // starts): `info` writes one line per request besides warnings and errors.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // This instance's name, sent as X-Served-By on every response (several storefronts behind one load balancer) and
  // written in its log lines (`instance`).
  INSTANCE_NAME: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash or underscore, at most 64').optional(),
  // Redis shared by several storefront instances: Next's data and page cache (cache-handler.mjs, read by
  // next.config.ts) and the hand-over of an agent's refreshed session (src/lib/shared-store.ts); unset, each instance
  // keeps its cache on its own disk and shares a refresh within itself only, which is right for one instance only.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'a redis:// or rediss:// address')
    .optional(),
  // The proxies whose X-Forwarded-For is believed (the load balancer in front): addresses or CIDR ranges, separated by
  // commas. Empty, the default, trusts nobody: the client is the socket's peer, whatever headers it sends
  // (src/lib/trusted-proxies.ts; decided once per request by server.mjs, src/lib/edge/server-edge.ts).
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const { ranges, problems } = parseTrustedProxies(value);
      for (const problem of problems) ctx.addIssue({ code: 'custom', message: problem });
      return ranges;
    }),
  // Whether the storefront compresses its answers (gzip) for clients that ask. On by default, reached directly (npm
  // start) and behind nginx alike: nginx asks for gzip or for nothing, by the client's class, and keeps each answer
  // as a copy, so a page is compressed once per copy (deploy/nginx/storefront.conf.template). Off only behind a proxy
  // that compresses itself. Read when the server starts.
  COMPRESS_RESPONSES: z.enum(['true', 'false']).default('true'),
  // Next's build and cache folder (relative to apps/web); the test harness and the bench use their own.
  NEXT_DIST_DIR: z.string().default('.next'),
  // Prometheus metrics (README, "Metrics and traces"): served at http://127.0.0.1:METRICS_PORT/metrics, apart from the
  // storefront's own port; unset, the default, nothing is counted or served.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // OpenTelemetry traces, exported by OTLP over HTTP to this collector (`/v1/traces` is added) when set; unset, the
  // default, no tracing code is loaded. The protocol: protobuf (OTLP's default) or JSON. The service's name in traces.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'an http:// or https:// address' }).optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json'], 'http/protobuf or http/json (gRPC is not supported)').default('http/protobuf'),
  OTEL_SERVICE_NAME: z.string().default('rentacar-storefront'),
});

/** A loopback host: `localhost`, `127.0.0.0/8` or `::1`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * A deployment, as opposed to a developer machine: NODE_ENV=production (as `next start` sets it) with a SITE_URL that
 * is not on a loopback host. `npm start`, `npm test` and the bench serve SITE_URL on 127.0.0.1, so they stay local.
 */
export function isDeployment(nodeEnv: string | undefined, siteUrl: string): boolean {
  return nodeEnv === 'production' && !isLoopbackHost(new URL(siteUrl).hostname);
}

type EnvSource = Record<string, string | undefined>;

/** Parses the storefront's server environment; throws one message naming every variable that is wrong. */
export function parseServerEnv(source: EnvSource) {
  // An empty line in .env (`DIRECTUS_STOREFRONT_TOKEN=`) means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = serverEnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const callbackSecretNames = Object.values(CALLBACK_SECRETS);
  const shared = callbackSecretNames.flatMap((name, index) =>
    callbackSecretNames.slice(index + 1).filter((other) => values[name] !== undefined && values[name] === values[other]).map((other) => `${other} must differ from ${name}: each callback kind has its own secret`),
  );
  if (shared.length > 0) throw new Error(`Invalid environment: ${shared.join('; ')}`);
  const siteUrl = values.SITE_URL.replace(/\/$/, '');
  const deployment = isDeployment(values.NODE_ENV, siteUrl);
  if (deployment) {
    const problems = DEPLOYMENT_SECRETS.flatMap((name) => {
      if (values[name] === undefined) return [`${name} is required in production (SITE_URL ${siteUrl} is not a local address)`];
      if (values[name] === EXAMPLE_VALUES[name]) return [`${name} still has the local value from .env.example: set a secret of this deployment`];
      return [];
    });
    for (const [name, local] of Object.entries(SANDBOX_SECRETS)) {
      if (source[name] === local) problems.push(`${name} still has the local sandbox value from .env.example: set this deployment's gateway credentials`);
    }
    if (problems.length > 0) throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const directusUrl = values.DIRECTUS_URL.replace(/\/$/, '');
  return {
    brand: brandFromEnv(values.BRAND),
    siteUrl,
    /** The site is served over HTTPS: cookies are `secure` and responses carry HSTS. */
    httpsSite: new URL(siteUrl).protocol === 'https:',
    deployment,
    directusUrl,
    directusPublicUrl: (values.DIRECTUS_PUBLIC_URL ?? directusUrl).replace(/\/$/, ''),
    /** Undefined only on a developer machine, where content is then read with public access. */
    storefrontToken: values.DIRECTUS_STOREFRONT_TOKEN,
    /** Each kind's secret of the content service's callbacks; undefined: that kind is refused (503). */
    callbackSecrets: {
      revalidate: values[CALLBACK_SECRETS.revalidate],
      'account-emails': values[CALLBACK_SECRETS['account-emails']],
      reminders: values[CALLBACK_SECRETS.reminders],
    },
    sessionSecret: values.SESSION_SECRET ?? LOCAL_SESSION_SECRET,
    mail: {
      smtp:
        values.SMTP_HOST === undefined
          ? undefined
          : {
              host: values.SMTP_HOST,
              port: values.SMTP_PORT,
              secure: values.SMTP_SECURE === 'true',
              auth: values.SMTP_USER === undefined ? undefined : { user: values.SMTP_USER, pass: values.SMTP_PASSWORD ?? '' },
            },
      from: values.MAIL_FROM,
      /** Relative to the storefront's working folder (apps/web) unless absolute. */
      outboxDir: values.MAIL_OUTBOX_DIR,
    },
    distDir: values.NEXT_DIST_DIR,
    /** COMPRESS_RESPONSES: whether answers are compressed for clients that ask (next.config.ts; on behind nginx too). */
    compressResponses: values.COMPRESS_RESPONSES === 'true',
    /** TRUSTED_PROXIES: whose X-Forwarded-For names the client (none by default). */
    trustedProxies: values.TRUSTED_PROXIES,
    instanceName: values.INSTANCE_NAME,
    /** LOG_LEVEL, read by logger.mjs itself (it logs before the app is loaded); validated here. */
    logLevel: values.LOG_LEVEL,
    /** Shared by every instance (src/lib/shared-store.ts); undefined for a storefront that runs alone. */
    redisUrl: values.REDIS_URL,
    /** Where this instance serves its Prometheus metrics (127.0.0.1); undefined: metrics are off. */
    metricsPort: values.METRICS_PORT,
    /** OTLP export of traces (src/lib/tracing.ts); undefined: tracing is off and its code never loaded. */
    tracing:
      values.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
        ? undefined
        : { endpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT, protocol: values.OTEL_EXPORTER_OTLP_PROTOCOL, serviceName: values.OTEL_SERVICE_NAME },
    accounts: {
      autoRefresh: values.AUTH_AUTO_REFRESH === 'true',
      loginProviders: values.AUTH_LOGIN_PROVIDERS,
      ssoRefreshCookieName: values.SSO_REFRESH_COOKIE_NAME,
    },
    payments: {
      metrobank:
        values.METROBANK_API_URL && values.METROBANK_FIELDS_URL && values.METROBANK_PUBLISHABLE_KEY && values.METROBANK_SECRET_KEY && values.METROBANK_WEBHOOK_SECRET
          ? {
              apiUrl: values.METROBANK_API_URL.replace(/\/$/, ''),
              fieldsUrl: values.METROBANK_FIELDS_URL,
              publishableKey: values.METROBANK_PUBLISHABLE_KEY,
              secretKey: values.METROBANK_SECRET_KEY,
              webhookSecret: values.METROBANK_WEBHOOK_SECRET,
            }
          : undefined,
      paypal:
        values.PAYPAL_BASE_URL && values.PAYPAL_CLIENT_ID && values.PAYPAL_CLIENT_SECRET && values.PAYPAL_WEBHOOK_ID
          ? { baseUrl: values.PAYPAL_BASE_URL.replace(/\/$/, ''), clientId: values.PAYPAL_CLIENT_ID, clientSecret: values.PAYPAL_CLIENT_SECRET, webhookId: values.PAYPAL_WEBHOOK_ID }
          : undefined,
      timeoutMs: values.PAYMENT_GATEWAY_TIMEOUT_MS,
      reconcileIntervalSeconds: values.PAYMENT_RECONCILE_INTERVAL_SECONDS,
    },
  };
}

export type ServerEnv = ReturnType<typeof parseServerEnv>;
