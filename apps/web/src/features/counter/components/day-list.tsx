import { getTranslations } from 'next-intl/server';
import { formatPlate } from '@rentacar/domain/vehicles';
import type { CounterDayList, CounterDayRow } from '@/content';
import { formatContentDate, formatPanamaDateTimeForRenter } from '@/i18n';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { counterReservationPath } from '../counter-routes';
import { counterBranchNames } from '../branch-names';

const time = (value: string | null) => (value ? value.slice(11, 16) : '');

/**
 * The day at the branch: the bookings no car can take (first, when there are some), its pickups (with their car's
 * plate once assigned), its returns, and its cars not back in time. A late return is said in words ("Atrasado"), not by
 * colour alone; so is a pre-check-in done.
 */
export async function DayList({ locale, day }: { locale: Locale; day: CounterDayList }) {
  const [t, branchName] = await Promise.all([getTranslations({ locale, namespace: 'counter.day' }), counterBranchNames(locale)]);
  const sections: Array<{ key: 'needsVehicle' | 'overdue' | 'pickups' | 'returns'; rows: CounterDayRow[]; when: (row: CounterDayRow) => string | null }> = [
    // Bookings no car can take come first, and only when there are some: staff give each one a car.
    ...(day.needsVehicle.length > 0 ? [{ key: 'needsVehicle' as const, rows: day.needsVehicle, when: (row: CounterDayRow) => row.pickupAt }] : []),
    { key: 'overdue', rows: day.overdue, when: (row) => row.returnAt },
    { key: 'pickups', rows: day.pickups, when: (row) => row.pickupAt },
    { key: 'returns', rows: day.returns, when: (row) => row.returnAt },
  ];
  return (
    <section aria-labelledby="counter-day-title" className="space-y-6">
      <h2 id="counter-day-title" className="text-xl font-semibold text-slate-900">
        {t('title', { date: formatContentDate(day.date, locale), branch: branchName(day.branch) ?? '' })}
      </h2>
      {sections.map(({ key, rows, when }) => (
        <section key={key} aria-labelledby={`counter-day-${key}`} data-testid={`counter-day-${key}`} className="space-y-2">
          <h3 id={`counter-day-${key}`} className={`text-lg font-semibold ${(key === 'overdue' || key === 'needsVehicle') && rows.length > 0 ? 'text-red-800' : 'text-slate-900'}`}>
            {t(`${key}.title`, { count: rows.length })}
          </h3>
          {rows.length === 0 ? (
            <p className="text-sm text-slate-600">{t(`${key}.none`)}</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {rows.map((row) => (
                <li key={`${key}-${row.number}`} className={`rounded-lg border p-3 ${row.overdue || key === 'needsVehicle' ? 'border-red-700 bg-red-50' : 'border-slate-200'}`}>
                  <a
                    href={getPathname({ href: counterReservationPath(row.number), locale })}
                    className="font-mono text-base font-semibold text-brand underline underline-offset-2 hover:no-underline"
                  >
                    {row.number}
                  </a>
                  <p className="text-sm text-slate-900">
                    {t('row', { time: time(when(row)), renter: row.renterName, car: row.car?.name ?? '' })}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-2 text-xs font-semibold">
                    {row.vehicle ? <span className="rounded bg-slate-800 px-2 py-0.5 font-mono text-white">{t('plate', { plate: formatPlate(row.vehicle.plate) })}</span> : null}
                    {row.overdue ? <span className="rounded bg-red-700 px-2 py-0.5 text-white">{t('late', { returnAt: row.returnAt ? formatPanamaDateTimeForRenter(row.returnAt, locale) : '' })}</span> : null}
                    <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800">{t(`rentalStatus.${row.rentalStatus}`)}</span>
                    <span className={`rounded px-2 py-0.5 ${row.precheckinDone ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}>
                      {row.precheckinDone ? t('precheckinDone') : t('precheckinPending')}
                    </span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
}
