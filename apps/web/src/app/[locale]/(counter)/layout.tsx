import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { enterLocale } from '@/i18n';

/** The counter's layout: a staff tool, without the storefront's header and footer; its forms' words for the browser. */
export default async function CounterLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await enterLocale(params);
  const messages = await getMessages();
  return (
    <main id="main" className="flex-1">
      <NextIntlClientProvider locale={locale} messages={{ counter: messages.counter, counterActions: messages.counterActions, accounts: messages.accounts, validation: messages.validation, booking: messages.booking }}>
        {children}
      </NextIntlClientProvider>
    </main>
  );
}
