import 'server-only';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@rentacar/domain/money';
import type { PrecheckinFormInput } from '@rentacar/domain/precheckin';
import { type Locale, localeOrDefault } from '@/i18n/routing';
import { getPathname, redirect } from '@/i18n/navigation';
import { Link } from '@/features/i18n/localized-link';
import { loadAppData } from '@/features/content/app-data';
import { buttonClass } from '@/features/forms/button-class';
import { getBranches } from '@/features/branches/branches-data';
import { MANAGE_BOOKING_PATH } from '@/features/booking/booking-routes';
import { BookingFacts, factsOfSummary } from '@/features/booking/booking-summary';
import { reservationSummary } from '@/features/booking/reservations';
import type { SavedReservation } from '@/features/booking/reservation-record';
import { cardFieldsSettings, paymentGateway } from '@/features/payments/gateways';
import { PaymentError } from '@/features/payments/components/payment-feedback';
import { FinishPrecheckinButton } from './components/finish-precheckin-button';
import { PrecheckinPayment } from './components/precheckin-payment';
import { PreferencesForm } from './components/preferences-form';
import { ForgetStoredDraft } from './components/stored-draft';
import { VerifyForm } from './components/verify-form';
import { counterCodeSvg } from './counter-code';
import { countryOptions } from './countries';
import { documentReference } from './precheckin-documents';
import { openCharge, precheckinRefusal, precheckinState } from './precheckin-flow';
import { PRECHECKIN_PATHS } from './precheckin-paths';
import { startPrecheckin } from './precheckin-actions';
import { LookupForm } from '@/features/manage-booking/lookup-form';
import { readPrecheckinReservation } from './precheckin-session';

/**
 * The pre-check-in's pages. Each reads the reservation from the signed session again; the guards have already
 * refused a page opened without it, or out of order.
 */

type SearchParams = Record<string, string | string[] | undefined>;

const TERMS_PATH = '/info/terminos-y-condiciones';

/** What a gateway's return (`?pago=`) tells the renter on coming back to the payment page. */
const RETURN_NOTICES: Record<string, string> = {
  cancelado: 'booking.payment.cancelled',
  error: 'booking.payment.returnError',
  pendiente: 'booking.payment.returnPending',
};

async function pageLocale(): Promise<Locale> {
  const requested = await getLocale();
  return localeOrDefault(requested);
}

async function sessionReservationOrNotFound(): Promise<SavedReservation> {
  const reservation = await readPrecheckinReservation();
  if (!reservation) notFound();
  return reservation;
}

/** Manage booking's lookup form, opening the pre-check-in (or its preferences) for the reservation found. */
async function PrecheckinLookup({ locale, next }: { locale: Locale; next: 'verify' | 'preferences' }) {
  const t = await getTranslations('precheckin.lookup');
  return <LookupForm find={startPrecheckin.bind(null, locale, next)} labels={{ title: t('title'), number: t('number'), numberHint: t('numberHint'), email: t('email'), submit: t('find') }} />;
}

const STEP_KEYS = ['stepFind', 'stepVerify', 'stepPay', 'stepDone'] as const;

/** Where the renter is in the four steps. */
async function PrecheckinProgress({ current }: { current: 0 | 1 | 2 | 3 }) {
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

function PageHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className="space-y-2">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {intro ? <p className="text-lg text-slate-700">{intro}</p> : null}
    </header>
  );
}

async function ReservationFacts({ reservation, locale }: { reservation: SavedReservation; locale: Locale }) {
  const summary = await reservationSummary(reservation, locale);
  return (
    <BookingFacts
      facts={factsOfSummary(summary)}
      locale={locale}
      editable={false}
    />
  );
}

/** /precheckin: find the reservation by number and email. */
export async function PrecheckinStart() {
  const [locale, t] = await Promise.all([pageLocale(), getTranslations('precheckin')]);
  return (
    <div className="space-y-8">
      <PrecheckinProgress current={0} />
      <PageHeading title={t('title')} intro={t('intro')} />
      <PrecheckinLookup locale={locale} next="verify" />
      <p className="text-sm text-slate-700">
        <Link href={PRECHECKIN_PATHS.preferences} className="font-semibold text-brand underline underline-offset-4">
          {t('preferencesLink')}
        </Link>
      </p>
    </div>
  );
}

/** /precheckin/verify: the driver's documents, other drivers and the terms. */
export async function PrecheckinVerify() {
  const [locale, t] = await Promise.all([pageLocale(), getTranslations('precheckin')]);
  const reservation = await sessionReservationOrNotFound();
  const refusal = precheckinRefusal(reservation);
  if (refusal) return <RefusedPrecheckin message={refusal.message} />;
  const [{ precheckin }, branches, { site }] = await Promise.all([precheckinState(reservation), getBranches(), loadAppData()]);
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
export async function PrecheckinCheckout({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [locale, t, { site }, query] = await Promise.all([pageLocale(), getTranslations('precheckin'), loadAppData(), searchParams]);
  const reservation = await sessionReservationOrNotFound();
  const refusal = precheckinRefusal(reservation);
  if (refusal) return <RefusedPrecheckin message={refusal.message} />;
  const state = await precheckinState(reservation);
  if (!state.precheckin?.details) redirect({ href: PRECHECKIN_PATHS.verify, locale });
  if (state.precheckin.status === 'paid' && state.due === 0) redirect({ href: PRECHECKIN_PATHS.thanks, locale });
  const paid = reservation.totals.total - state.due;
  const notice = typeof query.pago === 'string' ? RETURN_NOTICES[query.pago] : undefined;
  const card = cardFieldsSettings(site.paymentGateway);
  // A refresh during the 3-D Secure check: the check goes on; the card form asks where it stands once in the browser.
  const open = openCharge(state.payments);
  const resume = open?.status === 'requires_action' && open.provider !== 'paypal';
  return (
    <div className="space-y-8">
      <ForgetStoredDraft reservationNumber={reservation.number} />
      <PrecheckinProgress current={2} />
      <PageHeading title={t('checkoutTitle')} />
      <section aria-labelledby="due-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="due-title" className="text-lg font-bold text-slate-900">
          {t('checkout.amountsTitle')}
        </h2>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-slate-800">
          <dt>{t('checkout.total')}</dt>
          <dd className="text-right" data-testid="reservation-total">
            {formatMoney(reservation.totals.total, locale)}
          </dd>
          <dt>{t('checkout.paid')}</dt>
          <dd className="text-right">{formatMoney(paid, locale)}</dd>
          <dt className="font-bold">{t('checkout.due')}</dt>
          <dd className="text-right font-bold" data-testid="amount-due">
            {formatMoney(state.due, locale)}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="pay-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="pay-title" className="text-lg font-bold text-slate-900">
          {state.due === 0 ? t('checkout.nothingDueTitle') : t('checkout.payTitle')}
        </h2>
        {notice ? <PaymentError error={{ message: notice }} /> : null}
        {state.due === 0 ? (
          <>
            <p className="text-slate-700">{t('checkout.nothingDue')}</p>
            <FinishPrecheckinButton locale={locale} />
          </>
        ) : (
          <>
            <p className="text-slate-700">{t('checkout.payIntro', { amount: formatMoney(state.due, locale) })}</p>
            <PrecheckinPayment
              locale={locale}
              amountLabel={formatMoney(state.due, locale)}
              thanksHref={getPathname({ href: PRECHECKIN_PATHS.thanks, locale })}
              card={card}
              payPalOffered={paymentGateway('paypal') !== undefined}
              resume={resume}
            />
          </>
        )}
      </section>
      <Link href={PRECHECKIN_PATHS.verify} className={buttonClass('secondary')}>
        {t('checkout.back')}
      </Link>
    </div>
  );
}

/** /precheckin/thanks: the code for the counter (the reservation number only), and what happens next. */
export async function PrecheckinThanks() {
  const [locale, t, { site }] = await Promise.all([pageLocale(), getTranslations('precheckin'), loadAppData()]);
  if (!site.precheckinEnabled) notFound();
  const reservation = await sessionReservationOrNotFound();
  const state = await precheckinState(reservation);
  if (state.precheckin?.status !== 'paid') redirect({ href: state.precheckin?.details ? PRECHECKIN_PATHS.checkout : PRECHECKIN_PATHS.verify, locale });
  const [summary, code] = await Promise.all([reservationSummary(reservation, locale), counterCodeSvg(reservation.number)]);
  const email = state.precheckin.preferences.email ?? reservation.client.email;
  return (
    <div className="space-y-8">
      <PrecheckinProgress current={3} />
      <header className="space-y-3 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{t('thanksTitle')}</h1>
        <p className="text-slate-700">{t('thanks.intro', { name: summary.client.firstName })}</p>
      </header>
      <figure className="mx-auto flex max-w-xs flex-col items-center gap-3 rounded-2xl border-2 border-slate-900 bg-white p-5">
        {/* The code is drawn on the server from the reservation number alone (no markup of the renter's). */}
        <div className="w-56" role="img" aria-label={t('thanks.codeLabel', { number: reservation.number })} data-testid="counter-code" dangerouslySetInnerHTML={{ __html: code }} />
        <figcaption className="text-center">
          <span className="block text-sm font-semibold tracking-wide text-slate-600 uppercase">{t('thanks.number')}</span>
          <span className="font-mono text-3xl font-bold text-slate-900" data-testid="reservation-number">
            {reservation.number}
          </span>
        </figcaption>
      </figure>
      <p className="text-center text-slate-700">{t('thanks.counter')}</p>
      <p className="text-center text-sm text-slate-700">{t('thanks.emailSent', { email })}</p>
      <ReservationFacts reservation={reservation} locale={locale} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <Link href={PRECHECKIN_PATHS.preferences} className={buttonClass('secondary')}>
          {t('preferencesLink')}
        </Link>
        <Link href={`${MANAGE_BOOKING_PATH}?numero=${encodeURIComponent(reservation.number)}`} className={buttonClass('secondary')}>
          {t('thanks.manage')}
        </Link>
      </div>
    </div>
  );
}

/** /precheckin/preferences: contact and language preferences of the reservation in the session (found first). */
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

async function RefusedPrecheckin({ message }: { message: string }) {
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
