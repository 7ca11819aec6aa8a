import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { PrecheckinFormInput } from '@rentacar/domain/precheckin';
import { getBranches, loadAppData } from '@/content';
import { TERMS_PATH } from '@/features/info';
import { VerifyForm } from '../components/verify-form';
import { countryOptions } from '../countries';
import { documentReference } from '../precheckin-documents';
import { precheckinRefusal, precheckinState } from '../precheckin-flow';
import { PageHeading, pageLocale, PrecheckinProgress, RefusedPrecheckin, ReservationFacts, sessionReservationOrNotFound } from './precheckin-parts';
import { getPathname } from '@/i18n/navigation';

export async function PrecheckinVerify() {
  const [locale, t] = await Promise.all([pageLocale(), getTranslations('precheckin')]);
  const reservation = await sessionReservationOrNotFound();
  const refusal = precheckinRefusal(reservation);
  if (refusal) return <RefusedPrecheckin message={refusal.message} />;
  const [{ precheckin }, branches, { site }] = await Promise.all([precheckinState(reservation), getBranches(locale), loadAppData()]);
  const details = precheckin?.details;
  const mainDriverName = `${reservation.client.firstName} ${reservation.client.lastName}`;
  const defaults: PrecheckinFormInput = {
    licenseNumber: details?.licenseNumber ?? reservation.client.license,
    licenseCountry: details?.licenseCountry ?? '',
    licenseExpiry: details?.licenseExpiry ?? '',
    idDocument: details?.idDocument ?? '',
    licenseFile: details ? documentReference(reservation.id, 'license', details.licenseFileId) : '',
    idFile: details ? documentReference(reservation.id, 'id', details.idFileId) : '',
    flightNumber: details?.flightNumber ?? '',
    additionalDrivers: details?.additionalDrivers ?? [],
    acceptedName: details?.termsAcceptedName ?? '',
  };
  const savedDocuments = details
    ? { license: { reference: defaults.licenseFile, name: t('verify.savedDocument') }, id: { reference: defaults.idFile, name: t('verify.savedDocument') } }
    : {};
  const pickupBranch = branches.find((branch) => branch.id === reservation.pickupBranchId);
  return (
    <div className="space-y-8">
      <PrecheckinProgress current={1} />
      <PageHeading title={t('verifyTitle')} intro={t('verify.intro', { number: reservation.number })} />
      <ReservationFacts reservation={reservation} locale={locale} />
      <VerifyForm
        locale={locale}
        draftKey={reservation.number}
        context={{ pickupAt: reservation.pickupAt, returnAt: reservation.returnAt, mainDriverName, minimumAge: site.minimumRenterAge }}
        countries={countryOptions(locale)}
        askFlight={pickupBranch?.isAirport ?? false}
        termsHref={getPathname({ href: TERMS_PATH, locale })}
        defaults={defaults}
        savedDocuments={savedDocuments}
      />
    </div>
  );
}

/** /precheckin/checkout: pays what is still due (nothing when it was prepaid), then completes. */
