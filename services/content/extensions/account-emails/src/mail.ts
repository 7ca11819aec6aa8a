// Which of Directus' mails go to the storefront, and what it is told: decisions on the mail alone, without a request.
import { ACCOUNT_PAGES, matchAccountPage, type AccountPage } from '../../shared/schema';

export type AccountEmailKind = 'password-reset' | 'invitation' | 'registration';

// Directus' template name -> the kind the storefront is told, and the page its link must be on.
export const TEMPLATES: Record<string, { kind: AccountEmailKind; page: AccountPage }> = {
  'password-reset': { kind: 'password-reset', page: 'reset' },
  'user-invitation': { kind: 'invitation', page: 'invite' },
  'user-registration': { kind: 'registration', page: 'verify' },
};

/** The mail as Directus' MailService hands it to the `email.send` filter (the parts read here). */
export interface DirectusMail {
  to?: unknown;
  template?: { name?: unknown; data?: { url?: unknown } & Record<string, unknown> };
}

/** Directus' `to` is an address here; also accepts { address } and a one-element list. */
export function recipientOf(to: unknown): string | null {
  const first: unknown = Array.isArray(to) ? to[0] : to;
  const address = typeof first === 'string' ? first : (first as { address?: unknown } | null | undefined)?.address;
  return typeof address === 'string' && address.includes('@') ? address.trim() : null;
}

/** 'en', 'en-US', 'en-GB' ... -> 'en'; any other set language -> 'es'; none -> null (the link's language decides). */
export function languageOf(language: unknown): 'es' | 'en' | null {
  if (typeof language !== 'string' || !language) return null;
  return /^en/i.test(language) ? 'en' : 'es';
}

/** Origin and path of Directus' own admin page `page` under PUBLIC_URL, or null when PUBLIC_URL is no URL. */
export function directusAdminPage(publicUrl: string | undefined, page: string): string | null {
  try {
    const url = new URL(`${String(publicUrl ?? '').replace(/\/+$/, '')}/admin/${page}`);
    return url.origin + url.pathname;
  } catch {
    return null;
  }
}

/** Is `url` (any query) the page `page` (origin + path)? */
export function isPage(url: string, page: string | null): boolean {
  if (!page) return false;
  try {
    const parsed = new URL(url);
    return parsed.origin + parsed.pathname === page;
  } catch {
    return false;
  }
}

/**
 * An invitation staff sent from the admin (Directus' own accept-invite page) rewritten to the first storefront
 * origin's invitation page, in the agent's language, same token.
 */
export function storefrontInvitation(url: string, origins: readonly string[], language: 'es' | 'en' | null): string {
  const [first = ''] = origins;
  const target = new URL(`${language === 'en' ? '/en' : ''}${ACCOUNT_PAGES.invite}`, first);
  target.searchParams.set('token', new URL(url).searchParams.get('token') ?? '');
  return target.toString();
}

export { matchAccountPage };
