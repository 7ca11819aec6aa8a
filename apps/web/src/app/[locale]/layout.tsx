import '../globals.css';
import type { Metadata, Viewport } from 'next';
import type { CSSProperties, ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { enterLocale, RememberLocale } from '@/i18n';
import { isLocale } from '@/i18n/routing';
import { loadAppData } from '@/content';
import { NOT_FOUND_PATH_PLACEHOLDER } from '@/shared/errors';
import { BrandProvider } from '@/components/brand-context';
import { LoadingBar } from '@/features/layout';
import { PageViewTracker, TagManagerScript } from '@/shared/analytics';
import { BuildWatcher } from '@/shared/self-healing';
import { CheckoutAttemptWatcher } from '@/features/checkout';
import { CHECKOUT_ATTEMPT_COOKIE } from '@/lib/cookies';
import { sans } from '../fonts';
import { getPathname } from '@/i18n/navigation';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

// No page is rendered at build time (the build needs no content service); each is rendered on its first visit,
// cached, and re-rendered when the content service's webhook expires its tags.
export function generateStaticParams() {
  return [];
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const { site } = await loadAppData();
  const t = await getTranslations({ locale, namespace: 'meta' });
  const title = t('title', { siteName: site.siteName });
  return {
    title: { default: title, template: t('pageTitle', { page: '%s', siteName: site.siteName }) },
    description: site.text[locale].seoDescription || undefined,
    applicationName: title,
    icons: site.logoUrl ? { icon: site.logoUrl } : undefined,
    formatDetection: { telephone: false },
  };
}

export default async function LocaleLayout({ children, params }: Props) {
  const locale = await enterLocale(params);
  const { site } = await loadAppData();
  const [t, nav] = await Promise.all([getTranslations('error'), getTranslations('nav')]);
  const errorTexts = {
    heading: t('heading'),
    text: t('text'),
    backHome: t('backHome'),
    // A template the error screen fills with the path it is shown for (no next-intl runtime in the browser there).
    notFoundPath: t('notFoundPath', { path: NOT_FOUND_PATH_PLACEHOLDER }),
    infoNotFound: t('infoNotFound'),
  };
  const brandStyle = {
    '--brand-primary': site.colors.primary,
    '--brand-secondary': site.colors.secondary,
  } as CSSProperties;
  return (
    // Brand colours sit on <html> so the theme variables (resolved at :root) pick them up.
    <html lang={locale} className={sans.variable} style={brandStyle}>
      <body className="flex min-h-screen flex-col font-sans">
        <BrandProvider value={{ siteName: site.siteName, logoUrl: site.logoUrl, homeHref: getPathname({ href: '/', locale }), errorTexts }}>
            <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-modal focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:shadow">
              {nav('skipToContent')}
            </a>
            {children}
            {/* Page furniture without markup of its own. The loading bar and the checkout-attempt watcher load after
                hydration; the build watcher does not, as it must be listening before any chunk can fail to load. */}
            <LoadingBar color={site.colors.primary} />
            <PageViewTracker />
            <RememberLocale locale={locale} />
            <BuildWatcher />
            <CheckoutAttemptWatcher cookieName={CHECKOUT_ATTEMPT_COOKIE.name} />
        </BrandProvider>
        <TagManagerScript containerId={site.tagManagerId} />
      </body>
    </html>
  );
}
