import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { isCarType } from '@rentacar/domain/fleet';
import { enterLocale, formatPanamaDateTimeForRenter, Link } from '@/i18n';
import { isLocale } from '@/i18n/routing';
import { getBranches, loadAppData } from '@/content';
import { translateIssues } from '@/lib/issues';
import { priceFleetForDates } from '@/features/pricing';
import { CarList, DriverAgeChoice, driverAgeOf, FleetFilterBar, makeOptions, searchFromSegments, sortCars, sortOf } from '@/features/fleet';
import { slugify } from '@/lib/slug';
import { PageHeader } from '@/components/page-header';

type Props = { params: Promise<{ locale: string; search: string[] }> };

// One cached page per search, rendered on its first visit from the cached content and a stock read of at most 30 s;
// it is rendered again once that read expires, or at once when this storefront books (stockChanged()).
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'fleet' });
  // One page per search: kept out of search engines, which index /flota itself.
  return { title: t('title'), robots: { index: false } };
}

/**
 * /flota?pickup_branch=...&pickup_date=...: the fleet for a search, each car with its all-in total and stock. The proxy
 * turns the query into path segments (fleet-filters.ts, searchToSegments).
 */
export default async function FleetForDatesPage({ params }: Props) {
  const locale = await enterLocale(params);
  const parsed = searchFromSegments((await params).search);
  if (!parsed) notFound();
  const { search, filters } = parsed;
  const [{ fleet }, t, tb, branches] = await Promise.all([loadAppData(), getTranslations('fleet'), getTranslations('booking.fleet'), getBranches(locale)]);
  if (fleet.failed) throw new Error('Error getting cars: the fleet is unavailable');

  const pickupAt = `${search.pickup_date ?? ''}T${search.pickup_time ?? '10:00'}`;
  const returnAt = `${search.return_date ?? ''}T${search.return_time ?? '10:00'}`;
  const driverAge = driverAgeOf(search);
  const priced = await priceFleetForDates({ pickupBranch: search.pickup_branch ?? '', returnBranch: search.return_branch ?? search.pickup_branch ?? '', pickupAt, returnAt, driverAge });

  const types = [...new Set(fleet.cars.map((car) => car.type))].map((type) => ({ value: type, label: isCarType(type) ? t(`types.${type}`) : type }));
  const makes = makeOptions(fleet.cars.map((car) => car.make));
  const cars = fleet.cars.filter((car) => (!filters.type || car.type === filters.type) && (!filters.make || slugify(car.make) === filters.make));
  // Bookable cars first, each group in the asked order (by price: the total at the counter for these dates).
  const sorted = sortCars(cars, sortOf(filters), (car) => (priced.ok ? priced.offers.get(car.id)?.total : car.dailyRate));
  const ordered = priced.ok ? [...sorted].sort((a, b) => Number(Boolean(priced.offers.get(a.id)?.refusal)) - Number(Boolean(priced.offers.get(b.id)?.refusal))) : sorted;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <PageHeader title={t('title')} intro={priced.ok ? tb('searchSummary', { pickup: formatPanamaDateTimeForRenter(pickupAt, locale), return: formatPanamaDateTimeForRenter(returnAt, locale), days: priced.days }) : t('intro')} />
      {priced.ok ? (
        <p className="text-slate-700" data-testid="search-branch">{tb('pickupAt', { branch: branches.find((branch) => branch.id === priced.pickupBranch.id)?.name ?? priced.pickupBranch.name })}</p>
      ) : (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="search-issues">
          <p className="font-semibold">{tb('invalidSearch')}</p>
          <ul className="list-disc pl-5">
            {translateIssues(priced.issues, locale).map((entry) => (
              <li key={`${entry.field}-${entry.code}`}>{entry.message}</li>
            ))}
          </ul>
        </div>
      )}
      <Link href="/#search-title" className="inline-block text-sm font-semibold text-brand underline underline-offset-4">
        {tb('changeSearch')}
      </Link>
      {priced.ok ? <DriverAgeChoice search={search} filters={filters} /> : null}
      <FleetFilterBar filters={filters} types={types} makes={makes} keep={search} />
      <p className="text-sm font-medium text-slate-700" role="status" data-testid="fleet-count">
        {t('count', { count: cars.length })}
      </p>
      {cars.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-6 text-slate-700">{t('empty')}</p>
      ) : (
        <CarList cars={ordered} locale={locale} eager={3} offers={priced.ok ? { byCar: priced.offers, days: priced.days } : undefined} reserve={priced.ok ? search : {}} />
      )}
    </div>
  );
}
