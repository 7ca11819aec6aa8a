import 'server-only';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { type Locale, localeOrDefault } from '@/i18n/routing';
import { Link } from '@/i18n';
import type { SavedReservation } from '@/content';
import { buttonClass } from '@/shared/forms';
import { BookingFacts, factsOfSummary, MANAGE_BOOKING_PATH, reservationSummary } from '@/features/reservations';
import { LookupForm } from '@/features/manage-booking';
import { startPrecheckin } from '../precheckin-actions';
import { readPrecheckinReservation } from '../precheckin-session';

/**
 * What the pre-check-in's pages share. Each page reads the reservation from the signed session again; the guards have
 * already refused a page opened without it, or out of order.
 */

export async function pageLocale(): Promise<Locale> {
  const requested = await getLocale();
  return localeOrDefault(requested);
}

export async function sessionReservationOrNotFound(): Promise<SavedReservation> {
  const reservation = await readPrecheckinReservation();
  if (!reservation) notFound();
  return reservation;
}

/** Manage booking's lookup form, opening the pre-check-in (or its preferences) for the reservation found. */
export async function PrecheckinLookup({ locale, next }: { locale: Locale; next: 'verify' | 'preferences' }) {
  const t = await getTranslations('precheckin.lookup');
  return <LookupForm find={startPrecheckin.bind(null, locale, next)} labels={{ title: t('title'), number: t('number'), numberHint: t('numberHint'), email: t('email'), submit: t('find') }} />;
}

const STEP_KEYS = ['stepFind', 'stepVerify', 'stepPay', 'stepDone'] as const;

/** Where the renter is in the four steps. */
export async function PrecheckinProgress({ current }: { current: 0 | 1 | 2 | 3 }) {
  const t = await getTranslations('precheckin');
  return (
    <nav aria-label={t('progressLabel')}>
      <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {STEP_KEYS.map((key, index) => (
          <li key={key} aria-current={index === current ? 'step' : undefined} className={index === current ? 'font-bold text-brand' : index < current ? 'text-slate-700' : 'text-slate-500'}>
            <span aria-hidden="true">{index + 1}. </span>
            {t(key)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function PageHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className="space-y-2">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {intro ? <p className="text-lg text-slate-700">{intro}</p> : null}
    </header>
  );
}

export async function ReservationFacts({ reservation, locale }: { reservation: SavedReservation; locale: Locale }) {
  const summary = await reservationSummary(reservation, locale);
  return (
    <BookingFacts facts={factsOfSummary(summary)} locale={locale} />
  );
}

/** /precheckin: find the reservation by number and email. */

export async function RefusedPrecheckin({ message }: { message: string }) {
  const t = await getTranslations();
  const key = message === 'precheckin.errors.cancelled' ? 'precheckin.errors.cancelled' : 'precheckin.errors.closed';
  return (
    <div className="space-y-6">
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
        {t(key)}
      </p>
      <Link href={MANAGE_BOOKING_PATH} className={buttonClass('secondary')}>
        {t('precheckin.thanks.manage')}
      </Link>
    </div>
  );
}
