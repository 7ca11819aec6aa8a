import type { Locale } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';

/** The corporate area's pages (Spanish paths in both languages, like the rest of the site). */
export const ACCOUNT_PATHS = {
  home: '/corporativo',
  login: '/corporativo/ingresar',
  register: '/corporativo/registro',
  verify: '/corporativo/verificar',
  invitation: '/corporativo/invitacion',
  passwordRequest: '/corporativo/recuperar',
  passwordReset: '/corporativo/restablecer',
  providerReturn: '/corporativo/sso',
  reservations: '/corporativo/reservas',
} as const;

/** Pages that need a signed-in agent: the rest of the area (login, registration, links from emails) is open. */
export function isProtectedAccountPath(path: string): boolean {
  return path === ACCOUNT_PATHS.home || path.startsWith(`${ACCOUNT_PATHS.reservations}/`) || path === ACCOUNT_PATHS.reservations;
}

/**
 * Where to go after logging in: a path of this site only (`/corporativo/reservas/FF-...`), never another origin
 * (`//evil.example`, `https://...`): anything else, a value that is no string included (the login action's argument can
 * be forged), falls back to the area's home.
 */
export function safeNextPath(value: unknown): string {
  if (typeof value !== 'string' || !value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 0x20)) return ACCOUNT_PATHS.home;
  return value.slice(0, 300);
}

/** The login page that brings the agent back to `next` afterwards. */
export function loginPathFor(locale: Locale, next?: string, reason?: 'expired' | 'provider'): string {
  const query = new URLSearchParams();
  if (next && next !== ACCOUNT_PATHS.home) query.set('next', safeNextPath(next));
  if (reason) query.set('motivo', reason);
  const search = query.toString();
  return `${getPathname({ href: ACCOUNT_PATHS.login, locale })}${search ? `?${search}` : ''}`;
}
