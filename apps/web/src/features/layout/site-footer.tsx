import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n';
import type { Locale } from '@/i18n/routing';
import { getBrandSummaries, getInfoPages, type SiteConfig } from '@/content';
import { AssistanceContact } from './assistance-contact';

export async function SiteFooter({ site, locale }: { site: SiteConfig; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'footer' });
  const [brands, infoPages] = await Promise.all([getBrandSummaries(), getInfoPages()]);
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <section aria-labelledby="brands-title" className="space-y-4 md:col-span-2">
          <h2 id="brands-title" className="text-base font-semibold text-white">
            {t('brandsTitle')}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2">
            {brands.map((brand) => (
              <li key={brand.brand} className="space-y-1">
                <p className="font-semibold text-white">{brand.siteName}</p>
                <p className="text-sm leading-relaxed text-slate-300">{brand.description[locale]}</p>
              </li>
            ))}
          </ul>
        </section>
        <div className="space-y-8">
          <AssistanceContact assistance={site.assistance} />
          <section aria-labelledby="info-title" className="space-y-3">
            <h2 id="info-title" className="text-base font-semibold text-white">
              {t('infoTitle')}
            </h2>
            <ul className="space-y-2 text-sm">
              {infoPages.map((page) => (
                <li key={page.id}>
                  <Link href={`/info/${page.slug}`} className="footer-link">
                    {page.text[locale].title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:justify-between">
          <p>{t('rights', { year: new Date().getFullYear(), siteName: site.siteName })}</p>
          <p>{t('prices')}</p>
        </div>
      </div>
    </footer>
  );
}
