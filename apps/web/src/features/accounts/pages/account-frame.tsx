import 'server-only';
import { redirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { Agent } from '@/content';
import type { Locale } from '@/i18n/routing';
import { PageHeader } from '@/components/page-header';
import { buttonClass } from '@/shared/forms';
import { logOut, logOutEverywhere } from '../account-actions';
import { loginPathFor } from '../account-routes';
import { currentAgent } from '../session';

/** A link inside an account page's text. */
export const LINK_CLASS = 'font-semibold text-brand underline underline-offset-2 hover:no-underline';

/** An account page: its title (with an intro, the page header) above its content. */
export function Frame({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      {intro ? (
        <PageHeader title={title} intro={intro} />
      ) : (
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      )}
      {children}
    </div>
  );
}

/** The catalogues an account form's client components need, and nothing more. */
export async function FormMessages({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider locale={locale} messages={{ accounts: messages.accounts, booking: messages.booking, validation: messages.validation }}>
      {children}
    </NextIntlClientProvider>
  );
}

/** A message about the page's outcome, announced to screen readers (an alert for an error). */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'success' | 'error'; children: React.ReactNode }) {
  const colours = { info: 'border-sky-300 bg-sky-50 text-sky-900', success: 'border-emerald-300 bg-emerald-50 text-emerald-900', error: 'border-red-300 bg-red-50 text-red-800' }[tone];
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`max-w-lg rounded-lg border px-4 py-3 text-sm font-medium ${colours}`}>
      {children}
    </p>
  );
}

/** The signed-in agent, or a redirect to the login page that comes back to `path`. */
export async function requireAgent(locale: Locale, path: string): Promise<Agent> {
  const agent = await currentAgent();
  if (!agent) redirect(loginPathFor(locale, path));
  return agent;
}

/** Log out here, or (`everywhere`) on every device the agent is logged in on. */
export function LogoutButton({ locale, label, everywhere = false }: { locale: Locale; label: string; everywhere?: boolean }) {
  return (
    <form action={(everywhere ? logOutEverywhere : logOut).bind(null, locale)}>
      <button type="submit" className={buttonClass('secondary')}>
        {label}
      </button>
    </form>
  );
}
