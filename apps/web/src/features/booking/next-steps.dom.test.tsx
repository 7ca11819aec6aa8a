import { cleanup, render, screen, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { catalogues, type Language } from '../../../test/render-in-language';
import { sampleReservationSummary } from '../reservations/reservation-summary.testing';

// The server's translator, as getTranslations gives it on a page in the summary's language.
const page = vi.hoisted((): { locale: 'es' | 'en' } => ({ locale: 'es' }));
vi.mock('next-intl/server', () => ({
  getTranslations: (namespace: 'nextSteps') => Promise.resolve(createTranslator({ locale: page.locale, messages: catalogues[page.locale], namespace })),
}));

const { NextSteps } = await import('./next-steps');

async function renderNextSteps(language: Language, overrides: Parameters<typeof sampleReservationSummary>[0] = {}) {
  page.locale = language;
  render(await NextSteps({ summary: sampleReservationSummary({ locale: language, ...overrides }) }));
  return screen.getByRole('region', { name: catalogues[language].nextSteps.title });
}

describe.each([
  { language: 'es', hours: 'Aeropuerto de Tocumen (PTY), 1 de diciembre de 2026: 06:00–22:00', url: 'https://www.firefly.com.pa/precheckin', path: '/precheckin' },
  { language: 'en', hours: 'Aeropuerto de Tocumen (PTY), December 1, 2026: 06:00–22:00', url: 'https://www.firefly.com.pa/en/precheckin', path: '/en/precheckin' },
] as const)('the thanks page’s next steps, in $language', ({ language, hours, url, path }) => {
  const text = catalogues[language].nextSteps;

  it('lists what to bring and the pickup branch’s hours on the pickup day, with no pre-check-in when there is none to do', async () => {
    const steps = await renderNextSteps(language);
    const bring = within(steps).getByRole('list');
    expect(within(bring).getAllByRole('listitem').map((item) => item.textContent)).toEqual([text.bringLicence, text.bringId, text.bringCard]);
    expect(within(steps).getByRole('heading', { name: text.hoursTitle })).toBeInTheDocument();
    // 1 December 2026 is a Tuesday: the branch's Tuesday hours, not its round-the-clock other days.
    expect(within(steps).getByTestId('next-steps-hours')).toHaveTextContent(hours);
    expect(within(steps).queryByRole('link', { name: text.precheckinLink })).not.toBeInTheDocument();
  });

  it('links to the pre-check-in on this site while it is to do', async () => {
    const steps = await renderNextSteps(language, { precheckinUrl: url });
    expect(within(steps).getByRole('heading', { name: text.precheckinTitle })).toBeInTheDocument();
    expect(within(steps).getByRole('link', { name: text.precheckinLink })).toHaveAttribute('href', path);
  });

  it('says a closed day as closed, and leaves the hours out when the branch is no longer shown', async () => {
    const closed = await renderNextSteps(language, { pickupOpeningHours: [{ days: [1, 3], open: '08:00', close: '17:00' }] });
    expect(within(closed).getByTestId('next-steps-hours')).toHaveTextContent(`: ${text.closed}`);
    cleanup();
    const unknown = await renderNextSteps(language, { pickupOpeningHours: undefined });
    expect(within(unknown).queryByTestId('next-steps-hours')).not.toBeInTheDocument();
  });
});
