import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { enterLocale, Link } from '@/i18n';
import { isLocale } from '@/i18n/routing';
import { loadAppData } from '@/content';
import { CarList, filtersFromSegments, filtersToQuery, FleetFilterBar, makeOptions, sortCars, sortOf } from '@/features/fleet';
import { slugify } from '@/lib/slug';
import { isCarType } from '@rentacar/domain/fleet';
import { PageHeader } from '@/components/page-header';
import { pageAlternates } from '@/shared/seo';

type Props = { params: Promise<{ locale: string; filter?: string[] }> };

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, filter } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'fleet' });
  const filters = filtersFromSegments(filter) ?? {};
  return { title: t('title'), description: t('intro'), alternates: pageAlternates(locale, `/flota${filtersToQuery(filters)}`) };
}

export default async function FleetPage({ params }: Props) {
  const locale = await enterLocale(params);
  const { filter } = await params;
  const filters = filtersFromSegments(filter);
  if (!filters) notFound();
  const { fleet } = await loadAppData();
  // A page that exists to show the fleet must not be cached empty because the content service hiccuped.
  if (fleet.failed) throw new Error('Error getting cars: the fleet is unavailable');
  const t = await getTranslations('fleet');

  const types = [...new Set(fleet.cars.map((car) => car.type))].map((type) => ({
    value: type,
    label: isCarType(type) ? t(`types.${type}`) : type,
  }));
  const makes = makeOptions(fleet.cars.map((car) => car.make));
  const cars = sortCars(
    fleet.cars.filter((car) => (!filters.type || car.type === filters.type) && (!filters.make || slugify(car.make) === filters.make)),
    sortOf(filters),
    (car) => car.dailyRate,
  );

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <PageHeader title={t('title')} intro={t('intro')} />
      <FleetFilterBar filters={filters} types={types} makes={makes} />
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-700" role="status" data-testid="fleet-count">
          {t('count', { count: cars.length })}
        </p>
        {filters.type || filters.make ? (
          <Link href="/flota" className="text-sm font-semibold text-brand underline underline-offset-4">
            {t('clearFilters')}
          </Link>
        ) : null}
      </div>
      {cars.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-6 text-slate-700">{t('empty')}</p>
      ) : (
        <CarList cars={cars} locale={locale} eager={3} reserve={{}} />
      )}
    </div>
  );
}
