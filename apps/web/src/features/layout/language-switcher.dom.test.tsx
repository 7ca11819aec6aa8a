import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../test/render-in-language';
import { LanguageSwitcher } from './language-switcher';
import type * as Navigation from 'next/navigation';

let pathname = '/';
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), usePathname: () => pathname }));

describe('the language switcher', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('links the same page in the other language, named in that language and said in the page’s', () => {
    pathname = '/flota';
    render(<LanguageSwitcher target="en" label={catalogues.es.nav.switchTo} description={catalogues.es.nav.switchToLabel} />);
    const link = screen.getByRole('link', { name: /^English ?\(Ver el sitio en inglés\)$/ });
    expect(link).toHaveAttribute('href', '/en/flota');
    expect(link).toHaveAttribute('hreflang', 'en');
    expect(screen.getByText(catalogues.es.nav.switchTo)).toHaveAttribute('lang', 'en');
    expect(link).not.toHaveAttribute('lang');
  });

  it('links Spanish with its explicit prefix', () => {
    pathname = '/en/fleet';
    render(<LanguageSwitcher target="es" label={catalogues.en.nav.switchTo} description={catalogues.en.nav.switchToLabel} />);
    expect(screen.getByRole('link')).toHaveAttribute('href', '/es/fleet');
  });

  it('links the landing page without a trailing slash', () => {
    pathname = '/en';
    render(<LanguageSwitcher target="es" label={catalogues.en.nav.switchTo} description={catalogues.en.nav.switchToLabel} />);
    expect(screen.getByRole('link')).toHaveAttribute('href', '/es');
  });

  it('keeps the search of the page when followed', async () => {
    pathname = '/flota';
    window.history.replaceState(null, '', '/flota?pickup_branch=PTY&pickup_date=2026-12-23');
    render(<LanguageSwitcher target="en" label={catalogues.es.nav.switchTo} description={catalogues.es.nav.switchToLabel} />);
    const link = screen.getByRole('link');
    // jsdom does not navigate; the link's address when followed is what matters.
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.setup().click(link);
    expect(link).toHaveAttribute('href', '/en/flota?pickup_branch=PTY&pickup_date=2026-12-23');
  });

  it('remembers the chosen language in the browser as the link is followed', async () => {
    pathname = '/en/sucursales';
    document.cookie = 'i18n_redirected=en; Path=/';
    document.cookie = 'language=en; Path=/';
    render(<LanguageSwitcher target="es" label={catalogues.en.nav.switchTo} description={catalogues.en.nav.switchToLabel} />);
    const link = screen.getByRole('link');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.setup().click(link);
    expect(document.cookie.split('; ').sort()).toEqual(expect.arrayContaining(['i18n_redirected=es', 'language=es']));
  });
});
