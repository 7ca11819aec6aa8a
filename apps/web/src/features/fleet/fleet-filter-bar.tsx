import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n';
import { slugify } from '@/lib/slug';
import { filtersToQuery, type FilterKey, type FleetFilters } from './fleet-filters';

type Option = { value: string; label: string };

/** Filter chips as plain links, so filtering works without JavaScript and every filter lives in the URL. */
/** `keep`: query parameters the links carry along (a search's dates), besides the filters. */
export async function FleetFilterBar({ filters, types, makes, keep = {} }: { filters: FleetFilters; types: Option[]; makes: Option[]; keep?: Record<string, string> }) {
  const t = await getTranslations('fleet');
  const group = (key: FilterKey, label: string, options: Option[]) => (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">{label}</legend>
      <ul className="flex flex-wrap gap-2">
        {[{ value: '', label: t('all') }, ...options].map((option) => {
          const next = { ...filters, [key]: option.value || undefined };
          const current = (filters[key] ?? '') === option.value;
          return (
            <li key={option.value || 'all'}>
              <Link href={`/flota${withKept(filtersToQuery(next), keep)}`} className="chip" aria-current={current ? 'true' : undefined} scroll={false}>
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
  return (
    <section aria-labelledby="filters-title" className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="filters-title" className="text-base font-bold text-slate-900">
        {t('filtersTitle')}
      </h2>
      {group('type', t('type'), types)}
      {group('make', t('make'), makes)}
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
