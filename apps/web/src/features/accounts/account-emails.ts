import 'server-only';
import { z } from 'zod';
import { type Locale, localeOrDefault } from '@/i18n/routing';
import { renderEmail, sendMail } from '@/shared/email';
import { splitLocalePrefix } from '@/i18n/locale-detection';
import { serverTranslator } from '@/i18n/server-translator';
import { ACCOUNT_PATHS } from './account-routes';

/**
 * The account emails (password reset, invitation, registration check). The content service makes their links (a
 * token only it can sign) and hands each one to the storefront (its `booking` extension, on Directus' `email.send`
 * filter), so they go out through the storefront's mailer, in the storefront's look and the user's language.
 */
export const ACCOUNT_EMAIL_KINDS = ['password-reset', 'invitation', 'registration'] as const;
export type AccountEmailKind = (typeof ACCOUNT_EMAIL_KINDS)[number];

const MESSAGE_KEY: Record<AccountEmailKind, 'passwordReset' | 'invitation' | 'registration'> = {
  'password-reset': 'passwordReset',
  invitation: 'invitation',
  registration: 'registration',
};

const PAGE_OF_KIND: Record<AccountEmailKind, string> = {
  'password-reset': ACCOUNT_PATHS.passwordReset,
  invitation: ACCOUNT_PATHS.invitation,
  registration: ACCOUNT_PATHS.verify,
};

export const accountEmailSchema = z.object({
  kind: z.enum(ACCOUNT_EMAIL_KINDS),
  to: z.email().max(254),
  url: z.url().max(2000),
  language: z.string().max(10).optional(),
});
export type AccountEmail = z.infer<typeof accountEmailSchema>;

/**
 * The link must lead to this site's page for that kind of email, with a token: the content service only makes links
 * its allow-lists accept, and this check keeps the storefront from mailing any other address.
 */
export function linkProblem(email: AccountEmail, siteUrl: string): string | undefined {
  const link = new URL(email.url);
  if (link.origin !== new URL(siteUrl).origin) return `url must be on ${new URL(siteUrl).origin}`;
  const { path } = splitLocalePrefix(link.pathname);
  if (path !== PAGE_OF_KIND[email.kind]) return `url of a ${email.kind} email must lead to ${PAGE_OF_KIND[email.kind]}`;
  if (!link.searchParams.get('token')) return 'url must carry a token';
  return undefined;
}

/** The language of the page the link opens (`/en/...`), else the user's language, else Spanish. */
export function emailLocale(email: AccountEmail): Locale {
  const { prefix } = splitLocalePrefix(new URL(email.url).pathname);
  if (prefix) return prefix;
  const language = email.language?.slice(0, 2).toLowerCase();
  return localeOrDefault(language);
}

export async function sendAccountEmail(email: AccountEmail, siteName: string): Promise<void> {
  const locale = emailLocale(email);
  const t = serverTranslator(locale, `email.accounts.${MESSAGE_KEY[email.kind]}`);
  const common = serverTranslator(locale, 'email.accounts');
  const subject = t('subject', { siteName });
  const { html, text } = renderEmail({
    locale,
    siteName,
    subject,
    blocks: [
      { kind: 'heading', text: subject },
      { kind: 'text', text: t('intro', { siteName }) },
      { kind: 'button', intro: t('action'), link: { label: t('button'), url: email.url }, showUrl: true },
      { kind: 'text', text: t('validity'), tone: 'muted' },
      { kind: 'text', text: common('notYou'), tone: 'muted' },
    ],
    signature: [common('signature', { siteName })],
  });
  await sendMail({ to: email.to, subject, text, html });
}
