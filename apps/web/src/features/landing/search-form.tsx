'use client';

import { useEffect, useState } from 'react';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import type { SearchFormLabels } from './search-form-labels';

export type SearchBranch = { code: string; name: string };


function panamaToday(offsetDays: number): string {
  return addDaysToLocalDate(formatPanamaDate(new Date()), offsetDays);
}

const TIME_SLOTS = Array.from({ length: 48 }, (_, index) => {
  const hours = String(Math.floor(index / 2)).padStart(2, '0');
  return `${hours}:${index % 2 === 0 ? '00' : '30'}`;
});

/**
 * The landing page's search: branches and dates. A plain GET form to the fleet, so it works before hydration;
 * once hydrated it fills sensible default dates (tomorrow to three days later, Panama time).
 */
export function SearchForm({ branches, labels, action }: { branches: SearchBranch[]; labels: SearchFormLabels; action: string }) {
  const t = (key: keyof SearchFormLabels) => labels[key];
  const [sameBranch, setSameBranch] = useState(true);
  const [dates, setDates] = useState({ min: '', pickup: '', return: '' });

  useEffect(() => {
    setDates({ min: panamaToday(0), pickup: panamaToday(1), return: panamaToday(4) });
  }, []);

  const field = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900';
  const label = 'block text-sm font-semibold text-slate-800';

  return (
    <form action={action} method="get" className="grid gap-4 rounded-2xl bg-white p-5 text-slate-900 shadow-xl sm:grid-cols-2 lg:grid-cols-4" aria-labelledby="search-title">
      <h2 id="search-title" className="text-lg font-bold sm:col-span-2 lg:col-span-4">
        {t('searchTitle')}
      </h2>
      <div className="sm:col-span-2">
        <label htmlFor="pickup_branch" className={label}>{t('pickupBranch')}</label>
        <select id="pickup_branch" name="pickup_branch" required className={field} defaultValue="">
          <option value="" disabled>{t('chooseBranch')}</option>
          {branches.map((branch) => (
            <option key={branch.code} value={branch.code}>{branch.name}</option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="return_branch" className={label}>{t('returnBranch')}</label>
        <select id="return_branch" name="return_branch" className={field} defaultValue="" disabled={sameBranch} aria-describedby="same-branch-hint">
          <option value="">{t('chooseBranch')}</option>
          {branches.map((branch) => (
            <option key={branch.code} value={branch.code}>{branch.name}</option>
          ))}
        </select>
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-800" id="same-branch-hint">
          <input type="checkbox" checked={sameBranch} onChange={(event) => setSameBranch(event.target.checked)} className="size-4 accent-[var(--color-brand)]" />
          {t('sameBranch')}
        </label>
      </div>
      <div>
        <label htmlFor="pickup_date" className={label}>{t('pickupDate')}</label>
        <input id="pickup_date" name="pickup_date" type="date" required min={dates.min || undefined} defaultValue={dates.pickup} key={`p${dates.pickup}`} className={field} />
      </div>
      <div>
        <label htmlFor="pickup_time" className={label}>{t('pickupTime')}</label>
        <select id="pickup_time" name="pickup_time" defaultValue="10:00" className={field}>
          {TIME_SLOTS.map((slot) => (
            <option key={slot} value={slot}>{slot}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="return_date" className={label}>{t('returnDate')}</label>
        <input id="return_date" name="return_date" type="date" required min={dates.min || undefined} defaultValue={dates.return} key={`r${dates.return}`} className={field} />
      </div>
      <div>
        <label htmlFor="return_time" className={label}>{t('returnTime')}</label>
        <select id="return_time" name="return_time" defaultValue="10:00" className={field}>
          {TIME_SLOTS.map((slot) => (
            <option key={slot} value={slot}>{slot}</option>
          ))}
        </select>
      </div>
      <p className="text-xs text-slate-600 sm:col-span-2 lg:col-span-3 lg:self-center">{t('timezoneNote')}</p>
      <button type="submit" className="btn-primary w-full lg:col-span-1">
        {t('search')}
      </button>
    </form>
  );
}
