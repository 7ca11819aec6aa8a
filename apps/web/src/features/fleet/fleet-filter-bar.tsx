import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n';
import { FLEET_SORT_VALUES } from '@/lib/public-urls';
import { slugify } from '@/lib/slug';
import { FLEET_SORTS, filtersToQuery, sortOf, type FilterKey, type FleetFilters } from './fleet-filters';

type Option = { value: string; label: string };

const SORT_LABELS = { price: 'sortPrice', passengers: 'sortPassengers', luggage: 'sortLuggage' } as const;

/**
 * Filter and sort chips as plain links, so they work without JavaScript and every choice lives in the URL. `keep`:
 * query parameters the links carry along (a search's dates), besides the filters. On a phone the bar is one row (the
 * sort, and a "Filters" chip that opens the type and make groups: a `<details>`, no script), so the first screen shows
 * cars; from 640 px the groups stand open.
 */
export async function FleetFilterBar({ filters, types, makes, keep = {} }: { filters: FleetFilters; types: Option[]; makes: Option[]; keep?: Record<string, string> }) {
  const [t, ts] = await Promise.all([getTranslations('fleet'), getTranslations('fleetSearch')]);
  const href = (next: FleetFilters) => `/flota${withKept(filtersToQuery(next), keep)}`;
  const group = (key: FilterKey, label: string, options: Option[]) => (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">{label}</legend>
      <ul className="flex flex-wrap gap-2">
        {[{ value: '', label: t('all') }, ...options].map((option) => {
          const current = (filters[key] ?? '') === option.value;
          return (
            <li key={option.value || 'all'}>
              <Link href={href({ ...filters, [key]: option.value || undefined })} className="chip" aria-current={current ? 'true' : undefined} scroll={false}>
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
  const sort = sortOf(filters);
  const active = [types.find((option) => option.value === filters.type)?.label, makes.find((option) => option.value === filters.make)?.label].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="filters-title" className="space-y-3 rounded-2xl border border-slate-200 bg-slate-50 p-3 sm:space-y-4 sm:p-5" data-testid="fleet-filters">
      <h2 id="filters-title" className="sr-only text-base font-bold text-slate-900 sm:not-sr-only">
        {t('filtersTitle')}
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <p id="sort-title" className="sr-only text-sm font-semibold text-slate-800 sm:not-sr-only">
          {ts('sortTitle')}
        </p>
        <ul className="flex gap-2" aria-labelledby="sort-title" data-testid="fleet-sort">
          {FLEET_SORTS.map((option) => (
            <li key={option}>
              <Link
                href={href({ ...filters, sort: option === 'price' ? undefined : FLEET_SORT_VALUES[option] })}
                className="chip px-3 sm:px-4"
                aria-current={sort === option ? 'true' : undefined}
                scroll={false}
              >
                {ts(SORT_LABELS[option])}
              </Link>
            </li>
          ))}
        </ul>
        <details className="group sm:hidden [&[open]]:basis-full" data-testid="fleet-filters-toggle">
          <summary className="chip cursor-pointer list-none px-3 group-open:bg-slate-200" aria-current={active ? 'true' : undefined}>
            {active ? ts('filtersActive', { active }) : ts('filters')}
          </summary>
          <div className="mt-3 space-y-3">
            {group('type', t('type'), types)}
            {group('make', t('make'), makes)}
          </div>
        </details>
      </div>
      <div className="hidden space-y-4 sm:block">
        {group('type', t('type'), types)}
        {group('make', t('make'), makes)}
      </div>
    </section>
  );
}

export function makeOptions(makes: string[]): Option[] {
  const unique = new Map<string, string>();
  for (const make of makes) unique.set(slugify(make), make);
  return [...unique.entries()].sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label }));
}

function withKept(query: string, keep: Record<string, string>): string {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(keep)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
