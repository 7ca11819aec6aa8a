import 'server-only';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { loadAppData } from '@/content';
import { PreferencesForm } from '../components/preferences-form';
import { precheckinState } from '../precheckin-flow';
import { readPrecheckinReservation } from '../precheckin-session';
import { PageHeading, pageLocale, PrecheckinLookup } from './precheckin-parts';

export async function PrecheckinPreferences() {
  const [locale, t, { site }] = await Promise.all([pageLocale(), getTranslations('precheckin'), loadAppData()]);
  if (!site.precheckinEnabled) notFound();
  const reservation = await readPrecheckinReservation();
  if (!reservation) {
    return (
      <div className="space-y-8">
        <PageHeading title={t('preferencesTitle')} intro={t('preferences.findFirst')} />
        <PrecheckinLookup locale={locale} next="preferences" />
      </div>
    );
  }
  const { precheckin } = await precheckinState(reservation);
  const preferences = precheckin?.preferences;
  return (
    <div className="space-y-8">
      <PageHeading title={t('preferencesTitle')} intro={t('preferencesIntro')} />
      <p className="text-slate-700">{t('preferences.reservation', { number: reservation.number })}</p>
      <PreferencesForm
        defaults={{
          email: preferences?.email ?? reservation.client.email,
          phone: preferences?.phone ?? reservation.client.phone,
          language: preferences?.language ?? reservation.locale,
        }}
      />
    </div>
  );
}
