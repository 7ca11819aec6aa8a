import { getTranslations } from 'next-intl/server';
import { Menu, Phone } from 'lucide-react';
import { Link } from '@/i18n';
import type { SiteConfig } from '@/content';
import type { Locale } from '@/i18n/routing';
import { MANAGE_BOOKING_PATH } from '@/features/reservations';
import { PRECHECKIN_PATHS } from '@/lib/public-urls';
import { displayPhone, phoneHref } from '@/features/branches';
import { LanguageSwitcher } from './language-switcher';

const NAV_ITEMS = [
  { href: '/flota', key: 'fleet' },
  { href: '/sucursales', key: 'branches' },
  { href: '/promos', key: 'promos' },
  { href: '/info/planes-corporativos', key: 'corporate' },
  { href: '/corporativo', key: 'agentArea' },
  { href: '/jobs', key: 'jobs' },
  { href: MANAGE_BOOKING_PATH, key: 'manageBooking' },
] as const;

/**
 * The page's header: the logo, the navigation, the assistance phone and the language switch. The navigation shows as
 * a row from 1280 px wide, where every link fits on one line beside the phone; narrower (a 1024 px laptop, a tablet, a
 * phone) it is the menu behind the button.
 */
export async function SiteHeader({ site, locale, variant = 'full' }: { site: SiteConfig; locale: Locale; variant?: 'full' | 'compact' }) {
  const t = await getTranslations({ locale, namespace: 'nav' });
  const switcher = <LanguageSwitcher target={locale === 'en' ? 'es' : 'en'} label={t('switchTo')} description={t('switchToLabel')} />;
  const navItems = site.precheckinEnabled ? [...NAV_ITEMS, { href: PRECHECKIN_PATHS.start, key: 'precheckin' } as const] : NAV_ITEMS;
  return (
    <header className="sticky top-0 z-menu border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 xl:gap-3">
        <Link href="/" className="flex shrink-0 items-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand" aria-label={t('homeLink', { siteName: site.siteName })}>
          {site.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- SVG logo served by the content service
            <img src={site.logoUrl} alt="" width={160} height={40} className="h-9 w-auto" />
          ) : (
            <span className="text-xl font-bold text-brand">{site.siteName}</span>
          )}
        </Link>
        {variant === 'full' ? (
          <>
            <nav aria-label={t('main')} className="hidden xl:block">
              <ul className="flex items-center">
                {navItems.map((item) => (
                  <li key={item.href}>
                    <Link href={item.href} className="nav-link">
                      {t(item.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="flex items-center gap-2">
              {site.assistance.phone ? (
                <a href={phoneHref(site.assistance.phone)} className="hidden items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 md:flex xl:px-2">
                  <Phone aria-hidden="true" className="size-4 text-brand" />
                  <span className="whitespace-nowrap">{displayPhone(site.assistance.phone)}</span>
                </a>
              ) : null}
              {switcher}
              <details className="relative xl:hidden">
                <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                  <Menu aria-hidden="true" className="size-6" />
                  <span className="sr-only">{t('openMenu')}</span>
                </summary>
                <nav aria-label={t('main')} className="absolute right-0 z-menu mt-2 w-60 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
                  <ul>
                    {navItems.map((item) => (
                      <li key={item.href}>
                        <Link href={item.href} className="menu-link">
                          {t(item.key)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </nav>
              </details>
            </div>
          </>
        ) : (
          switcher
        )}
      </div>
    </header>
  );
}
