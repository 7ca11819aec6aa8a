import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Clock, MapPin, Phone, Plane } from 'lucide-react';
import { enterLocale } from '@/features/i18n/request-locale';
import { isRoundTheClock, weeklyHours } from '@rentacar/domain/dates';
import { getBranches } from '@/features/branches/branches-data';
import { PageHeader } from '@/features/layout/page-header';
import { catalogueMetadata } from '@/features/seo/catalogue-metadata';

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return catalogueMetadata(params, 'branches', '/sucursales');
}

export default async function BranchesPage({ params }: Props) {
  const locale = await enterLocale(params);
  const [branches, t] = await Promise.all([getBranches(), getTranslations('branches')]);
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <PageHeader title={t('title')} intro={t('intro')} />
      <ul className="grid gap-6 md:grid-cols-2">
        {branches.map((branch) => (
          <li key={branch.id}>
            <article className="h-full space-y-4 rounded-2xl border border-slate-200 p-6" aria-labelledby={`branch-${branch.code}`} data-testid="branch">
              <div className="flex items-start justify-between gap-3">
                <h2 id={`branch-${branch.code}`} className="text-xl font-bold text-slate-900">{branch.name}</h2>
                {branch.isAirport ? (
                  <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-sky-100 px-2.5 py-1 text-xs font-semibold text-sky-900">
                    <Plane aria-hidden="true" className="size-3.5" />
                    {t('airport')} · {branch.code}
                  </span>
                ) : null}
              </div>
              <p className="flex items-start gap-2 text-slate-800">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
                <span>{[branch.address, branch.city, branch.province].filter(Boolean).join(', ')}</span>
              </p>
              {branch.phone ? (
                <p className="flex items-center gap-2 text-slate-800">
                  <Phone aria-hidden="true" className="size-4 text-brand" />
                  <a href={`tel:${branch.phone}`} className="underline underline-offset-4">{branch.phone}</a>
                </p>
              ) : null}
              {branch.airportFeePercent > 0 ? <p className="text-sm text-slate-700">{t('airportFee', { percent: branch.airportFeePercent })}</p> : null}
              <div>
                <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                  <Clock aria-hidden="true" className="size-4 text-brand" />
                  {t('hours')}
                </h3>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  {weeklyHours(branch.openingHours).map(({ day, ranges }) => (
                    <div key={day} className="contents">
                      <dt className="text-slate-700">{t(`days.${day}` as 'days.0')}</dt>
                      <dd className="text-slate-900">
                        {ranges.length === 0
                          ? t('closed')
                          : ranges.map((range) => (isRoundTheClock(range) ? t('open24h') : `${range.open}–${range.close}`)).join(', ')}
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
              {branch.directions[locale] ? (
                <p className="text-sm text-slate-700">
                  <span className="font-semibold text-slate-900">{t('directions')}: </span>
                  {branch.directions[locale]}
                </p>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
