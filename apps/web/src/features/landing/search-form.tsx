'use client';

import { useState, useSyncExternalStore } from 'react';
import { addDaysToLocalDate, daySlots, formatPanamaDate, type LocalDate } from '@rentacar/domain/dates';
import type { SearchFormLabels } from './search-form-labels';

export type SearchBranch = { code: string; name: string };

const TIME_SLOTS = daySlots();

const subscribeToNothing = () => () => {};

/**
 * Today's Panama date in the browser, '' on the server and during hydration: the page is static HTML, which must not
 * carry the date it was rendered on. (The booking forms are rendered per request and get the date from the server.)
 */
function usePanamaToday(): LocalDate {
  return useSyncExternalStore(subscribeToNothing, () => formatPanamaDate(new Date()), () => '');
}

const FIELD = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900';
const LABEL = 'block text-sm font-semibold text-slate-800';

/** One leg's date and time. The date input is keyed on its default, so it takes the date filled in after hydration. */
function DateTimeFields({ leg, dateLabel, timeLabel, min, date }: { leg: 'pickup' | 'return'; dateLabel: string; timeLabel: string; min: LocalDate; date: LocalDate }) {
  return (
    <>
      <div>
        <label htmlFor={`${leg}_date`} className={LABEL}>{dateLabel}</label>
        <input id={`${leg}_date`} name={`${leg}_date`} type="date" required min={min || undefined} defaultValue={date} key={date} className={FIELD} />
      </div>
      <div>
        <label htmlFor={`${leg}_time`} className={LABEL}>{timeLabel}</label>
        <select id={`${leg}_time`} name={`${leg}_time`} defaultValue="10:00" className={FIELD}>
          {TIME_SLOTS.map((slot) => (
            <option key={slot} value={slot}>{slot}</option>
          ))}
        </select>
      </div>
    </>
  );
}

/**
 * The landing page's search: branches and dates. A plain GET form to the fleet, so it works before hydration;
 * once hydrated it fills sensible default dates (tomorrow to three days later, Panama time). `pickupBranch`: the
 * branch already chosen (a branch's "Book here", features/branches).
 */
export function SearchForm({ branches, labels, action, pickupBranch }: { branches: SearchBranch[]; labels: SearchFormLabels; action: string; pickupBranch?: string }) {
  const t = (key: keyof SearchFormLabels) => labels[key];
  const [sameBranch, setSameBranch] = useState(true);
  const today = usePanamaToday();
  const dates = today
    ? { min: today, pickup: addDaysToLocalDate(today, 1), return: addDaysToLocalDate(today, 4) }
    : { min: '', pickup: '', return: '' };

  return (
    <form action={action} method="get" className="grid gap-4 rounded-2xl bg-white p-5 text-slate-900 shadow-xl sm:grid-cols-2 lg:grid-cols-4" aria-labelledby="search-title">
      <h2 id="search-title" className="text-lg font-bold sm:col-span-2 lg:col-span-4">
        {t('searchTitle')}
      </h2>
      <div className="sm:col-span-2">
        <label htmlFor="pickup_branch" className={LABEL}>{t('pickupBranch')}</label>
        <select id="pickup_branch" name="pickup_branch" required className={FIELD} defaultValue={pickupBranch ?? ''}>
          <option value="" disabled>{t('chooseBranch')}</option>
          {branches.map((branch) => (
            <option key={branch.code} value={branch.code}>{branch.name}</option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="return_branch" className={LABEL}>{t('returnBranch')}</label>
        <select id="return_branch" name="return_branch" className={FIELD} defaultValue="" disabled={sameBranch} aria-describedby="same-branch-hint">
          <option value="">{t('chooseBranch')}</option>
          {branches.map((branch) => (
            <option key={branch.code} value={branch.code}>{branch.name}</option>
          ))}
        </select>
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-800" id="same-branch-hint">
          <input type="checkbox" checked={sameBranch} onChange={(event) => setSameBranch(event.target.checked)} className="size-4 accent-brand" />
          {t('sameBranch')}
        </label>
      </div>
      <DateTimeFields leg="pickup" dateLabel={t('pickupDate')} timeLabel={t('pickupTime')} min={dates.min} date={dates.pickup} />
      <DateTimeFields leg="return" dateLabel={t('returnDate')} timeLabel={t('returnTime')} min={dates.min} date={dates.return} />
      <p className="text-xs text-slate-600 sm:col-span-2 lg:col-span-3 lg:self-center">{t('timezoneNote')}</p>
      <button type="submit" className="btn-primary w-full lg:col-span-1">
        {t('search')}
      </button>
    </form>
  );
}
