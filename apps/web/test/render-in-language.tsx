import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createTranslator, NextIntlClientProvider } from 'next-intl';
import type { ReactElement } from 'react';
import es from '../messages/es.json';
import en from '../messages/en.json';
import { installIntlCounter } from './intl-counter';

export type Language = 'es' | 'en';

export const catalogues = { es, en } as const;

/**
 * Renders a client component as a page would, inside next-intl's provider with the language's whole catalogue and
 * Panama's time zone, and gives a user-event session to drive it by keyboard and pointer.
 */
export function renderInLanguage(language: Language, ui: ReactElement): RenderResult & { user: UserEvent } {
  const user = userEvent.setup();
  const result = render(
    <NextIntlClientProvider locale={language} messages={catalogues[language]} timeZone="America/Panama">
      {ui}
    </NextIntlClientProvider>,
  );
  return { ...result, user };
}

/** The error summary a form shows above its fields for `count` fields to correct, in the language's own plural. */
export function errorSummaryText(language: Language, count: number): string {
  return createTranslator({ locale: language, messages: catalogues[language], namespace: 'booking' })('errorSummary', { count });
}

/** A promise the test settles when it chooses, to look at a form while its server call is still under way. */
export function settleLater<Value>(): { promise: Promise<Value>; settle: (value: Value) => void } {
  let settle: (value: Value) => void = () => undefined;
  const promise = new Promise<Value>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

/** How many times `action` builds an Intl formatter or asks for the locales Intl supports (see intl-counter.ts). */
export function countIntlUse(action: () => void): number {
  let uses = 0;
  const restore = installIntlCounter(() => {
    uses += 1;
  });
  try {
    action();
    return uses;
  } finally {
    restore();
  }
}
