import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@rentacar/domain/money';
import { DEFAULT_LOCALE, isLocale } from '@/i18n/routing';
import { localizedPath } from '@/features/i18n/locale-detection';
import { readBookingDraft } from './booking-draft';
import { getBookingCatalog } from './booking-catalog';
import { canOpenStep, firstIncompleteStep } from './booking-flow';
import { stepPath } from './booking-routes';
import { BookingStepsNav } from './booking-steps-nav';
import { BookingSidebar, priceDraftForDisplay } from './reservation-details';
import { ConfirmButton } from './steps/confirm-button';
import { CouponForm } from './steps/coupon-form';

/**
 * /reserva/checkout: the bill details, the coupon, the payment choice and the confirmation. Card and PayPal payment
 * (a later issue) slot in as further choices beside paying at the counter.
 */
export async function ReservationCheckout() {
  const requested = await getLocale();
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const draft = await readBookingDraft();
  if (!draft) redirect(localizedPath(locale, '/flota'));
  if (!canOpenStep('checkout', draft.data)) redirect(localizedPath(locale, stepPath(firstIncompleteStep(draft.data) ?? 'location')));
  const [catalog, t] = await Promise.all([getBookingCatalog(), getTranslations('booking')]);
  const priced = await priceDraftForDisplay(draft, catalog);
  const coupon = priced.ok && priced.booking.coupon ? { code: priced.booking.coupon.code, discount: formatMoney(priced.booking.quote.couponDiscount, locale) } : undefined;

  return (
    <div className="space-y-6">
      <BookingStepsNav current="checkout" completed={draft.data.completed} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('steps.checkout')}</h1>
          <section aria-labelledby="payment-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id="payment-title" className="text-lg font-bold text-slate-900">
              {t('checkout.payment')}
            </h2>
            <p className="flex items-start gap-3 rounded-lg border-2 border-brand p-4">
              <span aria-hidden="true" className="mt-1 size-4 shrink-0 rounded-full border-4 border-brand" />
              <span>
                <span className="block font-semibold text-slate-900">{t('checkout.payAtCounter')}</span>
                <span className="block text-sm text-slate-700">{t('checkout.payAtCounterNote')}</span>
              </span>
            </p>
          </section>
          <div className="rounded-2xl border border-slate-200 bg-white p-5">
            <CouponForm applied={coupon} />
          </div>
          {priced.ok ? <ConfirmButton locale={locale} /> : null}
        </div>
        <BookingSidebar draft={draft} priced={priced} catalog={catalog} locale={locale} />
      </div>
    </div>
  );
}
