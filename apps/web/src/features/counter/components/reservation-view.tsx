import 'server-only';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@rentacar/domain/money';
import { savedLineLabel } from '@rentacar/domain/quote';
import { formatPlate } from '@rentacar/domain/vehicles';
import { getBookingCatalog, type CounterReservation } from '@/content';
import { formatPanamaDateTimeForRenter } from '@/i18n';
import type { Locale } from '@/i18n/routing';
import { returnChargeRows } from '../receipt-email';
import { assignVehicleAction } from '../actions';
import { AssignVehicleForm } from './assign-vehicle-form';
import { CounterActions, counterClosing } from './counter-actions';
import { FocusHeading } from './focus-on-mount';
import { counterBranchNames } from '../branch-names';

/** Where a staff member opens a pre-check-in scan: the storefront streams it with their own token (never a public URL). */
export function counterFileHref(fileId: string): string {
  return `/api/counter/files/${encodeURIComponent(fileId)}`;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2 rounded-lg border border-slate-200 p-4">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows, testId }: { rows: Array<[string, ReactNode]>; testId?: string }) {
  return (
    <dl data-testid={testId} className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-700">{term}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One reservation as the counter needs it: who, what, the bill and what is paid, the pre-check-in, the drivers, the actions. */
export async function ReservationView({ locale, reservation }: { locale: Locale; reservation: CounterReservation }) {
  const t = await getTranslations({ locale, namespace: 'counter.reservation' });
  const money = (cents: number) => formatMoney(cents, locale);
  const when = (value: string | null) => (value ? formatPanamaDateTimeForRenter(value, locale) : '—');
  const dash = (value: string | null | undefined) => value || '—';
  const { renter, precheckin, payments } = reservation;
  // Coverage and extras by their names in the staff member's language (the reservation stores their codes).
  const [catalog, branchName] = await Promise.all([getBookingCatalog(), counterBranchNames(locale)]);
  const coverageName = catalog.coverages.find((coverage) => coverage.code === reservation.coverage)?.text[locale].name || reservation.coverage;
  const extraName = (code: string) => catalog.extras.find((extra) => extra.code === code)?.text[locale].name || code;
  const deliveryName = catalog.deliveryOptions.find((option) => option.code === reservation.deliveryOption)?.name[locale] || reservation.deliveryOption;
  const flight = await getTranslations({ locale, namespace: 'deliveryFlight' });
  // Once the car is back, the bill and what is due are the final bill's (the rental, the return's charges, the deposit kept).
  const closing = await counterClosing(reservation);
  const finalBill = reservation.rentalStatus === 'returned' ? closing?.bill : undefined;
  const chargeRows = finalBill ? returnChargeRows(finalBill, locale) : [];
  const languageName = (tag: string | null | undefined) => {
    if (!tag) return '—';
    try {
      return new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag;
    } catch {
      return tag;
    }
  };
  return (
    <article aria-labelledby="counter-reservation-title" className="space-y-6" data-testid="counter-reservation">
      <div className="space-y-2">
        <FocusHeading id="counter-reservation-title" className="text-2xl font-bold text-slate-900 focus:outline-none">
          {t('title', { number: reservation.number, renter: renter.name })}
        </FocusHeading>
        <p className="flex flex-wrap gap-2 text-sm font-semibold">
          <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800">{t(`rentalStatus.${reservation.rentalStatus}`)}</span>
          <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800">{t(`paymentStanding.${reservation.paymentStanding}`)}</span>
          {reservation.overdue ? <span className="rounded bg-red-700 px-2 py-0.5 text-white">{t('overdue', { returnAt: when(reservation.returnAt) })}</span> : null}
        </p>
      </div>

      {reservation.lateUnitWarning ? (
        <div role="note" aria-labelledby="counter-late-unit" className="rounded-lg border-2 border-amber-600 bg-amber-50 p-4 text-amber-950">
          <h2 id="counter-late-unit" className="font-semibold">
            {t('lateUnit.title')}
          </h2>
          <p>{t('lateUnit.text', { number: reservation.lateUnitWarning.number, returnAt: when(reservation.lateUnitWarning.returnAt) })}</p>
        </div>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Section id="counter-renter" title={t('renter.title')}>
          <Facts
            testId="counter-renter-facts"
            rows={[
              [t('renter.name'), renter.name],
              [t('renter.email'), renter.email ? <a className="break-all underline" href={`mailto:${renter.email}`}>{renter.email}</a> : '—'],
              [t('renter.phone'), renter.phone ? <a className="underline" href={`tel:${renter.phone}`}>{renter.phone}</a> : '—'],
              [t('renter.language'), languageName(renter.language)],
            ]}
          />
        </Section>

        <Section id="counter-booking" title={t('booking.title')}>
          <Facts
            testId="counter-booking-facts"
            rows={[
              [t('booking.car'), reservation.car ? `${reservation.car.name}${reservation.car.class ? ` (${reservation.car.class})` : ''}` : '—'],
              [t('booking.pickup'), t('booking.at', { when: when(reservation.pickupAt), branch: branchName(reservation.pickupBranch) ?? '—' })],
              [t('booking.return'), t('booking.at', { when: when(reservation.returnAt), branch: branchName(reservation.returnBranch) ?? '—' })],
              [t('booking.days'), reservation.days ?? '—'],
              [t('booking.coverage'), dash(coverageName)],
              [t('booking.extras'), reservation.extras.length ? reservation.extras.map((extra) => `${extraName(extra.code)} × ${extra.quantity}`).join(', ') : '—'],
              ...(deliveryName ? [[flight('deliveryLabel'), deliveryName] as [string, ReactNode]] : []),
              // The agent meeting the renter at the airport follows this flight.
              ...(reservation.flightNumber ? [[flight('counterLabel'), <strong key="flight" data-testid="counter-flight">{reservation.flightNumber}</strong>] as [string, ReactNode]] : []),
            ]}
          />
        </Section>

        <Section id="counter-vehicle" title={t('vehicle.title')}>
          {reservation.vehicle ? (
            <Facts
              testId="counter-vehicle-facts"
              rows={[
                [t('vehicle.plate'), <strong key="plate" className="font-mono text-lg" data-testid="counter-vehicle-plate">{formatPlate(reservation.vehicle.plate)}</strong>],
                [t('vehicle.model'), `${reservation.vehicle.car.name}${reservation.vehicle.car.class ? ` (${reservation.vehicle.car.class})` : ''}`],
                [t('vehicle.colour'), dash(reservation.vehicle.colour)],
                [t('vehicle.bay'), dash(reservation.vehicle.bay)],
                ...(reservation.vehicleAssignment.kind === 'staff' || reservation.vehicleAssignment.kind === 'upgrade' || reservation.vehicleAssignment.kind === 'auto'
                  ? [[t('vehicle.assignment'), [t(`vehicle.assignments.${reservation.vehicleAssignment.kind}`), reservation.vehicleAssignment.note].filter(Boolean).join(': ')] as [string, ReactNode]]
                  : []),
              ]}
            />
          ) : reservation.needsVehicle ? (
            <p role="note" className="rounded border-2 border-red-700 bg-red-50 p-2 text-sm font-semibold text-red-900" data-testid="counter-needs-vehicle">{t('vehicle.needs')}</p>
          ) : (
            <p className="text-sm text-slate-700">{t('vehicle.none')}</p>
          )}
          {reservation.rentalStatus === 'booked' && reservation.status !== 'cancelled' && reservation.allowed.pickup.allowed ? (
            <AssignVehicleForm number={reservation.number} action={assignVehicleAction} />
          ) : null}
        </Section>

        <Section id="counter-bill" title={t('bill.title')}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('bill.title')}</caption>
            <tbody>
              {reservation.lines.map((line, index) => (
                <tr key={`${line.code ?? 'line'}-${index}`}>
                  <th scope="row" className="py-0.5 text-left font-normal text-slate-700">{savedLineLabel(line, locale) ?? line.code}</th>
                  <td className="py-0.5 text-right tabular-nums">{money(line.amount)}</td>
                </tr>
              ))}
              <tr className="border-t border-slate-200">
                <th scope="row" className="py-1 text-left font-semibold">{t('bill.total')}</th>
                <td className="py-1 text-right font-semibold tabular-nums">{money(reservation.total)}</td>
              </tr>
              {chargeRows.map((row, index) => (
                <tr key={`${row.code}-${index}`} data-testid="counter-return-charge">
                  <th scope="row" className="py-0.5 text-left font-normal text-slate-700">{row.label}</th>
                  <td className="py-0.5 text-right tabular-nums">{money(row.amount)}</td>
                </tr>
              ))}
              {finalBill && chargeRows.length > 0 ? (
                <tr className="border-t border-slate-200">
                  <th scope="row" className="py-1 text-left font-semibold">{t('bill.finalTotal')}</th>
                  <td className="py-1 text-right font-semibold tabular-nums">{money(finalBill.total)}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </Section>

        <Section id="counter-payments" title={t('payments.title')}>
          <Facts
            rows={[
              [t('payments.paid'), money(finalBill?.paid ?? payments.paid)],
              [t('payments.refunded'), money(finalBill?.refunded ?? payments.refunded)],
              ...(finalBill?.deposit ? [[t('payments.depositKept'), money(finalBill.deposit.kept)] as [string, ReactNode]] : []),
              [t('payments.due'), <strong key="due" data-testid="counter-due">{money(finalBill?.due ?? payments.due)}</strong>],
            ]}
          />
        </Section>

        <Section id="counter-precheckin" title={t('precheckin.title')}>
          <p className="text-sm font-semibold" data-testid="counter-precheckin-state">
            {precheckin?.done ? t('precheckin.done') : t('precheckin.notDone')}
          </p>
          {precheckin ? (
            <>
              <Facts
                rows={[
                  [t('precheckin.license'), [precheckin.licenseNumber, precheckin.licenseCountry].filter(Boolean).join(' · ') || '—'],
                  [t('precheckin.licenseExpiry'), dash(precheckin.licenseExpiry)],
                  [t('precheckin.idDocument'), dash(precheckin.idDocument)],
                  [t('precheckin.flight'), dash(precheckin.flightNumber)],
                  [t('precheckin.terms'), precheckin.termsAcceptedName ? t('precheckin.termsAccepted', { name: precheckin.termsAcceptedName, when: when(precheckin.termsAcceptedAt) }) : '—'],
                ]}
              />
              <ul className="flex flex-wrap gap-3 text-sm">
                {precheckin.documents?.licenseFile ? (
                  <li>
                    <a className="font-semibold text-brand underline" href={counterFileHref(precheckin.documents.licenseFile)} target="_blank" rel="noopener">
                      {t('precheckin.licenseFile')}
                    </a>
                  </li>
                ) : null}
                {precheckin.documents?.idFile ? (
                  <li>
                    <a className="font-semibold text-brand underline" href={counterFileHref(precheckin.documents.idFile)} target="_blank" rel="noopener">
                      {t('precheckin.idFile')}
                    </a>
                  </li>
                ) : null}
              </ul>
            </>
          ) : null}
        </Section>

        <Section id="counter-drivers" title={t('drivers.title')}>
          <ul className="space-y-1 text-sm">
            {reservation.drivers.map((driver, index) => (
              <li key={`${driver.name}-${index}`}>
                <span className="font-semibold">{driver.name}</span>
                {driver.main ? ` (${t('drivers.main')})` : ''}
                {driver.licenseNumber ? ` · ${t('drivers.license', { number: driver.licenseNumber, country: driver.licenseCountry ?? '' })}` : ''}
              </li>
            ))}
          </ul>
        </Section>
      </div>

      <CounterActions reservation={reservation} closing={closing} />
    </article>
  );
}
