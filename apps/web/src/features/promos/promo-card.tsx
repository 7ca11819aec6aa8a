import { getTranslations } from 'next-intl/server';
import { Tag } from 'lucide-react';
import type { Locale } from '@/i18n/routing';
import { formatContentDate } from '@/features/i18n/format-date';
import type { Promo } from './promos-data';

export async function PromoCard({ promo, locale, headingLevel = 'h2', withTerms = false }: { promo: Promo; locale: Locale; headingLevel?: 'h2' | 'h3'; withTerms?: boolean }) {
  const t = await getTranslations('promos');
  const text = promo.text[locale];
  const Heading = headingLevel;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {promo.imageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- SVG artwork from the content service
        <img src={promo.imageUrl} alt="" width={640} height={320} loading="lazy" className="aspect-[2/1] w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="text-lg font-bold text-slate-900">{text.title}</Heading>
        <p className="text-slate-700">{text.description}</p>
        <div className="mt-auto space-y-1 pt-2 text-sm text-slate-700">
          {promo.couponCode ? (
            <p className="inline-flex items-center gap-1.5 rounded-md bg-slate-100 px-2 py-1 font-mono font-semibold text-slate-900">
              <Tag aria-hidden="true" className="size-4" />
              {t('code', { code: promo.couponCode })}
            </p>
          ) : null}
          {promo.validUntil ? <p>{t('validUntil', { date: formatContentDate(promo.validUntil, locale) })}</p> : null}
        </div>
        {withTerms && text.terms ? (
          <details className="text-sm text-slate-700">
            <summary className="cursor-pointer font-semibold">{t('terms')}</summary>
            <p className="mt-2">{text.terms}</p>
          </details>
        ) : null}
      </div>
    </article>
  );
}
