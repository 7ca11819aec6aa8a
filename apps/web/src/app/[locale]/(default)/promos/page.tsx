import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/i18n';
import { loadAppData } from '@/content';
import { getPromos, PromoCard } from '@/features/promos';
import { PageHeader } from '@/components/page-header';
import { catalogueMetadata } from '@/shared/seo';

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return catalogueMetadata(params, 'promos', '/promos');
}

/**
 * /promos: the brand's promotions running today (Panama date), with their validity and terms, and for those with a
 * coupon a button that books with it. One cached static page for every visitor (ISR): the list is filtered when the
 * page is rendered, and `getPromos` ends the page's lifetime at the next Panama midnight a promotion starts or ends,
 * so an expired promotion leaves (and a new one arrives) without a deploy or an edit; edits still arrive by webhook.
 */
export default async function PromosPage({ params }: Props) {
  const locale = await enterLocale(params);
  const { site } = await loadAppData();
  const [promos, t] = await Promise.all([getPromos(site.brand), getTranslations('promos')]);
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <PageHeader title={t('title')} intro={t('intro')} />
      {promos.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-6 text-slate-700">{t('empty')}</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {promos.map((promo) => (
            <li key={promo.id}>
              <PromoCard promo={promo} locale={locale} withTerms bookable />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
