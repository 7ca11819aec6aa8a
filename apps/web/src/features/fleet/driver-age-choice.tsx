import { getLocale, getTranslations } from 'next-intl/server';
import { driverAgeBandFor, driverAgeBands, defaultDriverAgeBand } from '@rentacar/domain/quote';
import { formatMoney } from '@rentacar/domain/money';
import { Link } from '@/i18n';
import { localeOrDefault } from '@/i18n/routing';
import { loadAppData } from '@/content';
import { driverAgeBandLabel, driverAgeOptions } from './driver-age';
import { driverAgeOf, filtersToQuery, type FleetFilters, type FleetSearch } from './fleet-filters';

/**
 * The fleet's prices for a search say which driver's age they are for, and offer the other ages as links (no script):
 * another age is the same search with its `driver_age`, every price with that age's young-driver fee.
 */
export async function DriverAgeChoice({ search, filters }: { search: FleetSearch; filters: FleetFilters }) {
  const [{ site }, ts, locale] = await Promise.all([loadAppData(), getTranslations('fleetSearch'), getLocale().then(localeOrDefault)]);
  // Asked only where the brand charges by age (as the search form does).
  if (driverAgeOptions(site, ts, locale).options.length === 0) return null;
  const bands = driverAgeBands(site.youngDriverFees, site.minimumRenterAge);
  const asked = driverAgeOf(search);
  const current = (asked === undefined ? undefined : driverAgeBandFor(bands, asked)) ?? defaultDriverAgeBand(bands);
  const href = (value: string) => {
    const params = new URLSearchParams(filtersToQuery(filters));
    for (const [key, entry] of Object.entries({ ...search, driver_age: value })) if (entry) params.set(key, entry);
    return `/flota?${params.toString()}`;
  };
  return (
    <section aria-labelledby="driver-age-title" className="space-y-2" data-testid="driver-age-choice">
      <h2 id="driver-age-title" className="text-sm font-semibold text-slate-800">
        {ts('ageBandTitle')}
      </h2>
      {current ? (
        <p className="text-sm text-slate-700" data-testid="driver-age-priced">
          {ts('ageBandPriced', { band: driverAgeBandLabel(current, ts) })}
          {current.fee ? ` ${ts('ageBandPricedFee', { price: formatMoney(current.fee.dailyRate, locale) })}` : ''}
        </p>
      ) : null}
      {/* Short chips (the ages only), so they stay one row on a phone; the search form names each fee. */}
      <ul className="flex flex-wrap gap-2">
        {bands.map((band) => (
          <li key={band.minAge}>
            <Link href={href(String(band.minAge))} className="chip px-3 sm:px-4" aria-current={current?.minAge === band.minAge ? 'true' : undefined} scroll={false}>
              {driverAgeBandLabel(band, ts)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
