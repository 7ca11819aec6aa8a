import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { formatPlate, type BoardState } from '@rentacar/domain/vehicles';
import type { CounterFleet, CounterFleetUnit } from '@/content';
import { formatPanamaDateTimeForRenter } from '@/i18n';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { buttonClass, CONTROL_CLASS } from '@/shared/forms';
import { counterReservationPath } from '../counter-routes';
import { FLEET_PATH } from '../fleet-routes';
import { fleetClasses, groupFleet } from '../fleet-form';
import { FleetAnnouncement, FleetAnnouncer, VehicleStatusForm, type VehicleStatusAction } from './vehicle-status-form';

/**
 * The fleet board (`/mostrador/flota`, docs/fleet.md "At the counter"): a branch's units by state (ready, to clean, in
 * maintenance, out of service, on rent, arriving), how many in each, a filter by class (and by branch: any staff member
 * reads any branch's board), and for the branch's own staff one action per unit. Each state a section with its heading,
 * each unit an item of its list; a late rental and a service due are said in words, not by colour alone.
 */

export type FleetBranchChoice = { id: number; name: string };

/** The state names of the unit statuses staff set: they may change them (the others follow from a rental). */
const ACTIONABLE: ReadonlySet<BoardState> = new Set(['ready', 'needs_cleaning', 'in_maintenance', 'out_of_service']);

/** Filter the board: a plain GET form (`?sucursal=&clase=`), so it works before the page's script runs. */
export function FleetFilter({ locale, branches, branch, classes, className }: { locale: Locale; branches: readonly FleetBranchChoice[]; branch: number | undefined; classes: readonly string[]; className: string | undefined }) {
  const t = useTranslations('counterFleet.filter');
  const choices = className !== undefined && !classes.includes(className) ? [...classes, className] : classes;
  return (
    <form method="get" action={getPathname({ href: FLEET_PATH, locale })} aria-labelledby="fleet-filter-title" className="space-y-2" data-testid="fleet-filter">
      <h2 id="fleet-filter-title" className="sr-only">
        {t('title')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        {branches.length > 1 || branch === undefined ? (
          <div className="min-w-48 flex-1 sm:flex-none">
            <label htmlFor="fleet-branch" className="block text-sm font-semibold text-slate-800">
              {t('branch')}
            </label>
            <select id="fleet-branch" name="sucursal" defaultValue={branch === undefined ? '' : String(branch)} required className={CONTROL_CLASS}>
              {branch === undefined ? (
                <option value="" disabled>
                  {t('chooseBranch')}
                </option>
              ) : null}
              {branches.map((choice) => (
                <option key={choice.id} value={String(choice.id)}>
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="sucursal" value={String(branch)} />
        )}
        {branch === undefined ? null : (
          <div className="min-w-40 flex-1 sm:flex-none">
            <label htmlFor="fleet-class" className="block text-sm font-semibold text-slate-800">
              {t('class')}
            </label>
            <select id="fleet-class" name="clase" defaultValue={className ?? ''} className={`${CONTROL_CLASS} font-mono`}>
              <option value="">{t('allClasses')}</option>
              {choices.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" className={buttonClass('primary')}>
          {t('submit')}
        </button>
      </div>
    </form>
  );
}

function UnitFacts({ unit, locale }: { unit: CounterFleetUnit; locale: Locale }) {
  const t = useTranslations('counterFleet.unit');
  const when = (value: string | null) => (value ? formatPanamaDateTimeForRenter(value, locale) : t('none'));
  const reservationLink = (number: string, text: ReactNode = number) => (
    <a href={getPathname({ href: counterReservationPath(number), locale })} className="font-mono font-semibold text-brand underline underline-offset-2 hover:no-underline">
      {text}
    </a>
  );
  const facts: Array<{ key: string; label: string; value: ReactNode }> = [
    { key: 'colour', label: t('colour'), value: unit.colour ?? t('none') },
    { key: 'bay', label: t('bay'), value: unit.bay ?? t('none') },
    { key: 'mileage', label: t('mileage'), value: unit.mileage === null ? t('none') : t('mileageValue', { km: unit.mileage }) },
    { key: 'fuel', label: t('fuel'), value: unit.fuelEighths === null ? t('none') : t('fuelValue', { eighths: unit.fuelEighths }) },
  ];
  if (unit.statusNote && ACTIONABLE.has(unit.state)) facts.push({ key: 'note', label: t('note'), value: unit.statusNote });
  if (unit.availableFrom && (unit.state === 'in_maintenance' || unit.state === 'out_of_service')) facts.push({ key: 'available', label: t('availableFrom'), value: when(unit.availableFrom) });
  if (unit.rental) {
    if (unit.rental.number) facts.push({ key: 'rental', label: t('rental'), value: reservationLink(unit.rental.number) });
    facts.push({ key: 'return', label: t('expectedReturn'), value: when(unit.rental.expectedReturn) });
  }
  if (unit.nextBooking?.number) {
    const { number, pickupAt } = unit.nextBooking;
    facts.push({ key: 'next', label: t('nextBooking'), value: t.rich('nextBookingValue', { number, when: when(pickupAt), link: (chunks) => reservationLink(number, chunks) }) });
  }
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
      {facts.map(({ key, label, value }) => (
        <div key={key} className={key === 'note' || key === 'next' ? 'col-span-2 sm:col-span-3' : undefined}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900" data-fact={key}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function UnitCard({ unit, locale, mayAct, action }: { unit: CounterFleetUnit; locale: Locale; mayAct: boolean; action: VehicleStatusAction }) {
  const t = useTranslations('counterFleet.unit');
  const plate = formatPlate(unit.plate);
  const model = unit.car.class ? `${unit.car.name} (${unit.car.class})` : unit.car.name;
  const late = unit.rental?.late === true;
  return (
    <li className={`rounded-lg border p-3 ${late ? 'border-red-700 bg-red-50' : 'border-slate-200 bg-white'}`} data-testid="fleet-unit" data-plate={unit.plate}>
      <h3 className="text-base font-semibold text-slate-900">
        <span className="font-mono">{plate}</span> · {model}
      </h3>
      {unit.serviceDue || late ? (
        <p className="mt-1 flex flex-wrap gap-2 text-xs font-semibold">
          {late ? <span className="rounded bg-red-700 px-2 py-0.5 text-white">{t('late')}</span> : null}
          {unit.serviceDue ? <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-900">{t('serviceDue')}</span> : null}
        </p>
      ) : null}
      <UnitFacts unit={unit} locale={locale} />
      {mayAct && ACTIONABLE.has(unit.state) ? <VehicleStatusForm plate={unit.plate} status={unit.status} action={action} /> : null}
    </li>
  );
}

export function FleetBoard({ locale, fleet, branchName, branches, className, action }: {
  locale: Locale;
  fleet: CounterFleet;
  branchName: string;
  /** The branches whose board staff may open. */
  branches: readonly FleetBranchChoice[];
  /** The ACRISS class chosen in the filter, if any. */
  className: string | undefined;
  action: VehicleStatusAction;
}) {
  const t = useTranslations('counterFleet');
  const sections = groupFleet(fleet.vehicles, className);
  return (
    <FleetAnnouncer>
      <div className="space-y-6">
        <h1 className="text-2xl font-bold text-slate-900">{t('title', { branch: branchName })}</h1>
        <FleetAnnouncement />
        {fleet.mayAct ? null : <p className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900">{t('readOnly')}</p>}
        <FleetFilter locale={locale} branches={branches} branch={fleet.branch} classes={fleetClasses(fleet.vehicles)} className={className} />
        <nav aria-labelledby="fleet-summary-title">
          <h2 id="fleet-summary-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t('summary')}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="fleet-counts">
            {sections.map(({ state, units }) => (
              <li key={state}>
                <a href={`#fleet-${state}`} className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand">
                  {t('count', { state: t(`states.${state}`), count: units.length })}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {sections.map(({ state, units }) => (
          <section key={state} id={`fleet-${state}`} aria-labelledby={`fleet-${state}-title`} data-testid={`fleet-${state}`} className="scroll-mt-20 space-y-2">
            <h2 id={`fleet-${state}-title`} className="text-lg font-semibold text-slate-900">
              {t('section', { state: t(`states.${state}`), count: units.length })}
            </h2>
            {units.length === 0 ? (
              <p className="text-sm text-slate-600">{t('empty')}</p>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2">
                {units.map((unit) => (
                  <UnitCard key={unit.plate} unit={unit} locale={locale} mayAct={fleet.mayAct} action={action} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </FleetAnnouncer>
  );
}
