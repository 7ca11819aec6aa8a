import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/features/i18n/request-locale';
import { isLocale } from '@/i18n/routing';
import { loadAppData } from '@/features/content/app-data';
import { getPromos } from '@/features/promos/promos-data';
import { PromoCard } from '@/features/promos/promo-card';
import { pageAlternates } from '@/features/seo/alternates';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'promos' });
  return { title: t('title'), description: t('intro'), alternates: pageAlternates(locale, '/promos') };
}

export default async function PromosPage({ params }: Props) {
  const locale = await enterLocale(params);
  const { site } = await loadAppData();
  const [promos, t] = await Promise.all([getPromos(site.brand), getTranslations('promos')]);
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('title')}</h1>
        <p className="text-lg text-slate-700">{t('intro')}</p>
      </header>
      {promos.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-6 text-slate-700">{t('empty')}</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {promos.map((promo) => (
            <li key={promo.id}>
              <PromoCard promo={promo} locale={locale} withTerms />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
