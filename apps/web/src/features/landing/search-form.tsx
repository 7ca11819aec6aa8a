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

/** Whether the form runs in the browser with its script: false in the static HTML and during hydration. */
function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}

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

/** The search's driver's age question: its bands (value = the band's lowest age) and the one chosen by default. */
export type SearchDriverAge = { label: string; hint: string; options: { value: string; label: string }[]; defaultValue: string };

/**
 * The landing page's search: branches, dates and (when the brand charges by age) the driver's age band, asked once so
 * every price from the fleet on includes the young-driver fee. A plain GET form to the fleet, so it works before
 * hydration; once hydrated it fills sensible default dates (tomorrow to three days later, Panama time). The return
 * branch is hidden by CSS while "same branch" is ticked (`same_branch`, which the fleet reads as "return where picked
 * up" whatever the hidden menu holds), so it works without the scripts too; with them the hidden menu is also disabled. `pickupBranch`: the branch
 * already chosen (a branch's "Book here", features/branches).
 */
export function SearchForm({ branches, labels, action, driverAge, pickupBranch }: { branches: SearchBranch[]; labels: SearchFormLabels; action: string; driverAge?: SearchDriverAge | undefined; pickupBranch?: string | undefined }) {
  const t = (key: keyof SearchFormLabels) => labels[key];
  const [sameBranch, setSameBranch] = useState(true);
  // Without the script the hidden menu stays enabled (a disabled one could not be used once unticked) and the fleet
  // ignores it; with it, the hidden menu is disabled, so the search's address carries no return branch.
  const hydrated = useHydrated();
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
      <div className="group sm:col-span-2 sm:self-end">
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
          <input
            type="checkbox"
            id="same-branch"
            name="same_branch"
            value="1"
            checked={sameBranch}
            onChange={(event) => setSameBranch(event.target.checked)}
            className="size-4 accent-brand"
          />
          {t('sameBranch')}
        </label>
        <div className="group-has-[#same-branch:checked]:hidden" data-testid="return-branch-field">
          <label htmlFor="return_branch" className={LABEL}>{t('returnBranch')}</label>
          <select id="return_branch" name="return_branch" className={FIELD} defaultValue="" disabled={hydrated && sameBranch} required={!sameBranch}>
            <option value="" disabled>{t('chooseBranch')}</option>
            {branches.map((branch) => (
              <option key={branch.code} value={branch.code}>{branch.name}</option>
            ))}
          </select>
        </div>
      </div>
      <DateTimeFields leg="pickup" dateLabel={t('pickupDate')} timeLabel={t('pickupTime')} min={dates.min} date={dates.pickup} />
      <DateTimeFields leg="return" dateLabel={t('returnDate')} timeLabel={t('returnTime')} min={dates.min} date={dates.return} />
      {driverAge && driverAge.options.length > 0 ? (
        <div className="sm:col-span-2">
          <label htmlFor="driver_age" className={LABEL}>{driverAge.label}</label>
          <select id="driver_age" name="driver_age" defaultValue={driverAge.defaultValue} aria-describedby="driver_age_hint" className={FIELD}>
            {driverAge.options.map((option) => (
              <option key={option.value} value={option.value}>{option.label}</option>
            ))}
          </select>
          <p id="driver_age_hint" className="mt-1 text-xs text-slate-600">{driverAge.hint}</p>
        </div>
      ) : null}
      <p className={`text-xs text-slate-600 sm:col-span-2 lg:self-center ${driverAge && driverAge.options.length > 0 ? 'lg:col-span-1' : 'lg:col-span-3'}`}>{t('timezoneNote')}</p>
      <button type="submit" className="btn-primary w-full lg:col-span-1 lg:self-center">
        {t('search')}
      </button>
    </form>
  );
}
