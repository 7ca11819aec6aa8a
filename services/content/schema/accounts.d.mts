// Types of schema/accounts.mjs (for the account e-mail extension).

export type AccountPage = 'reset' | 'invite' | 'verify' | 'sso';

export declare const ACCOUNT_PAGES: Record<AccountPage, string>;
export declare const LANGUAGE_PREFIXES: string[];
export declare const ACCOUNT_EMAILS_PATH: string;

export declare function parseOrigins(list: string | null | undefined, name?: string): string[];
export declare function accountPageUrls(origins: readonly string[], page: AccountPage): string[];
export declare function matchAccountPage(url: string, origins: readonly string[], page: AccountPage): { origin: string; language: 'es' | 'en' } | null;
