import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement } from 'react';
import es from '../messages/es.json';
import en from '../messages/en.json';

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
