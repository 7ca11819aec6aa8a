// Types of scripts/lib/oidc-provider.mjs (for TypeScript callers such as provider-login tests).
import type { ChildProcess } from 'node:child_process';

export type OidcProviderEnv = Record<string, string | undefined>;

export interface OidcProvider {
  /** Where the provider listens, e.g. http://127.0.0.1:8190 (the same as issuer) */
  url: string;
  /** The issuer: AUTH_OIDC_ISSUER_URL is `${issuer}/.well-known/openid-configuration` */
  issuer: string;
  /** `${issuer}/.well-known/openid-configuration` */
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** The password every e-mail login needs */
  userPassword: string;
  pid: number;
  child: ChildProcess;
  /** SIGTERM to its process group (SIGKILL after 8 s); resolves once it has exited */
  stop(): Promise<void>;
  /** Its exit code, or the signal that ended it, whenever it exits */
  exited: Promise<number | NodeJS.Signals>;
}

export const ROOT: string;
export const OIDC_PROVIDER_DEFAULTS: Record<string, string>;

export function oidcProviderEnvironment(env?: OidcProviderEnv): {
  url: string;
  issuer: string;
  host: string;
  port: number;
  redirectUris: string[];
  /** The variables the provider process runs with */
  provider: Record<string, string>;
};

export function startOidcProvider(options?: {
  port?: number | string;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  clientAuthMethod?: 'client_secret_basic' | 'client_secret_post';
  /** An array, or a comma list */
  redirectUris?: string[] | string;
  userPassword?: string;
  env?: OidcProviderEnv;
  log?: (line: string) => void;
  quiet?: boolean;
  timeoutMs?: number;
}): Promise<OidcProvider>;
