import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@rentacar/domain/money';
import { localeOrDefault } from '@/i18n/routing';
import { getPathname, redirect } from '@/i18n/navigation';
import { readBookingDraft } from './booking-draft';
import { getBookingCatalog } from './booking-catalog';
import { canOpenStep, firstIncompleteStep } from './booking-flow';
import { stepPath, THANKS_PATH } from './booking-routes';
import { BookingStepsNav } from './booking-steps-nav';
import { BookingSidebar, priceDraftWithCoupon } from './booking-sidebar';
import { ConfirmButton } from './steps/confirm-button';
import { CouponForm } from './steps/coupon-form';
import { loadAppData } from '@/features/content/app-data';
import { cardFieldsSettings, paymentGateway } from '@/features/payments/gateways';
import { CardPaymentForm } from '@/features/payments/components/card-payment-form';
import { PaymentMethodChoice, type PaymentMethodOption } from '@/features/payments/components/payment-method-choice';
import { PayPalPayButton } from '@/features/payments/components/paypal-pay-button';
import { PaymentError } from '@/features/payments/components/payment-feedback';
import { checkCheckoutPayment, payCheckoutByCard, payCheckoutWithPayPal } from '@/features/payments/payment-actions';
import { priceDraftSelection } from './pricing';
import { selectionOfDraft } from './booking-draft';

type SearchParams = Record<string, string | string[] | undefined>;

/** What a gateway's return (`?pago=`) tells the renter on coming back to checkout. */
const RETURN_NOTICES: Record<string, string> = {
  cancelado: 'booking.payment.cancelled',
  error: 'booking.payment.returnError',
  pendiente: 'booking.payment.returnPending',
};

/**
 * /reserva/checkout: the bill details, the coupon, the payment choice (at the counter, or now by card or PayPal at
 * the prepaid price) and the confirmation or payment.
 */
export async function ReservationCheckout({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const requested = await getLocale();
  const locale = localeOrDefault(requested);
  const draft = await readBookingDraft();
  if (!draft) redirect({ href: '/flota', locale });
  if (!canOpenStep('checkout', draft.data)) redirect({ href: stepPath(firstIncompleteStep(draft.data) ?? 'location'), locale });
  const [catalog, t, { site }, query] = await Promise.all([getBookingCatalog(), getTranslations('booking'), loadAppData(), searchParams]);
  const { result: priced, refusedCoupon } = await priceDraftWithCoupon(draft, catalog);
  const coupon = priced.ok && priced.booking.coupon ? { code: priced.booking.coupon.code, discount: formatMoney(priced.booking.quote.couponDiscount, locale) } : undefined;
  const refused = refusedCoupon && draft.data.couponCode ? { code: draft.data.couponCode, issue: { message: refusedCoupon.message, ...(refusedCoupon.params ? { params: refusedCoupon.params } : {}) } } : undefined;

  // Both prices, so each choice says what it costs; the bill shows the chosen one.
  const selection = await selectionOfDraft(draft.data);
  const other = (await priceDraftSelection({ ...selection, reservationType: selection.reservationType === 'prepaid' ? 'postpaid' : 'prepaid' })).result;
  const totals = {
    prepaid: selection.reservationType === 'prepaid' ? (priced.ok ? priced.booking.quote.total : undefined) : other.ok ? other.booking.quote.total : undefined,
    postpaid: selection.reservationType === 'postpaid' ? (priced.ok ? priced.booking.quote.total : undefined) : other.ok ? other.booking.quote.total : undefined,
  };
  const cardFields = cardFieldsSettings(site.paymentGateway);
  const payPalOffered = paymentGateway('paypal') !== undefined;
  const prepaidNote = totals.prepaid === undefined ? '' : t('checkout.prepaidNote', { total: formatMoney(totals.prepaid, locale) });
  const options: PaymentMethodOption[] = [
    ...(cardFields ? [{ method: 'card' as const, note: prepaidNote }] : []),
    ...(payPalOffered ? [{ method: 'paypal' as const, note: prepaidNote }] : []),
    {
      method: 'counter' as const,
      note: [t('checkout.payAtCounterNote'), totals.postpaid === undefined ? '' : t('checkout.postpaidNote', { total: formatMoney(totals.postpaid, locale) })].filter(Boolean).join(' '),
    },
  ];
  const method = options.some((option) => option.method === draft.data.paymentMethod) ? draft.data.paymentMethod : 'counter';
  const notice = typeof query.pago === 'string' ? RETURN_NOTICES[query.pago] : undefined;
  const amountLabel = priced.ok ? formatMoney(priced.booking.quote.total, locale) : '';
  // A refresh during the 3-D Secure check: the check goes on; the card form asks where it stands once in the browser.
  const resume = method === 'card' && draft.data.payment !== undefined;

  return (
    <div className="space-y-6">
      <BookingStepsNav current="checkout" completed={draft.data.completed} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('steps.checkout')}</h1>
          <div className="rounded-2xl border border-slate-200 bg-white p-5">
            <CouponForm applied={coupon} refused={refused} />
          </div>
          <section aria-labelledby="payment-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id="payment-title" className="text-lg font-bold text-slate-900">
              {t('checkout.payment')}
            </h2>
            {notice ? <PaymentError error={{ message: notice }} /> : null}
            <PaymentMethodChoice options={options} selected={method} />
            {!priced.ok ? null : method === 'card' && cardFields ? (
              <CardPaymentForm
                locale={locale}
                fieldsUrl={cardFields.fieldsUrl}
                publishableKey={cardFields.publishableKey}
                amountLabel={amountLabel}
                thanksHref={getPathname({ href: THANKS_PATH, locale })}
                resume={resume}
                pay={payCheckoutByCard}
                check={checkCheckoutPayment}
              />
            ) : method === 'paypal' ? (
              <PayPalPayButton locale={locale} start={payCheckoutWithPayPal} />
            ) : (
              <ConfirmButton locale={locale} />
            )}
          </section>
        </div>
        <BookingSidebar draft={draft} priced={priced} catalog={catalog} locale={locale} />
      </div>
    </div>
  );
}
