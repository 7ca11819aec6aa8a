import 'server-only';
import { cookies } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@rentacar/domain/money';
import { localeOrDefault } from '@/i18n/routing';
import {
  BookingSidebar,
  BookingStepsNav,
  canOpenStep,
  ConfirmButton,
  CouponForm,
  firstIncompleteStep,
  readBookingDraft,
  saveBookingDraft,
  stepPath,
  THANKS_PATH,
} from '@/features/booking';
import { priceDraftForCheckout, quoteAs } from '@/features/pricing';
import { getBookingCatalog, loadAppData } from '@/content';
import { cardFieldsSettings, CardPaymentForm, PAYMENT_RETURN_NOTICES, PaymentError, paymentGateway, PayPalPayButton } from '@/features/payments';
import { checkCheckoutPayment, payCheckoutByCard, payCheckoutWithPayPal } from './checkout-actions';
import { PaymentMethodChoice, type PaymentMethodOption } from './payment-method-choice';
import { PriceChangeNotice } from './price-change-notice';
import { BillTerms, PayingGlance, PayingTerms, type GlanceWay, type PaidHow } from './paying-terms';
import { AgeBandNotice } from './age-band-notice';
import { getPathname, redirect } from '@/i18n/navigation';
import { attemptMarked, endCheckoutAttempt } from './checkout-attempt';

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * /reserva/checkout: the bill details, the coupon, the payment choice (at the counter, or now by card or PayPal at
 * the prepaid price) and the confirmation or payment.
 */
export async function ReservationCheckout({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const requested = await getLocale();
  const locale = localeOrDefault(requested);
  const found = await readBookingDraft();
  if (!found) redirect({ href: '/flota', locale });
  // An attempt the renter's marker no longer names was left (checkout-attempt.ts): it ends, and this checkout is fresh.
  const awaitsPayment = found.data.reservation !== undefined && !found.data.reservation.done;
  const draft = awaitsPayment && !attemptMarked(await cookies(), found.data) ? await endCheckoutAttempt(found) : found;
  if (draft.data.reservation?.done) redirect({ href: THANKS_PATH, locale });
  if (!canOpenStep('checkout', draft.data)) redirect({ href: stepPath(firstIncompleteStep(draft.data) ?? 'location', locale), locale });
  const [catalog, t, { site }, query, held] = await Promise.all([getBookingCatalog(), getTranslations('booking'), loadAppData(), searchParams, priceDraftForCheckout(draft)]);
  // The total shown here is held (the price hold); a hold started or renewed now is kept in the draft.
  const { priced, change } = held;
  if (held.hold !== draft.data.priceHold) await saveBookingDraft({ id: draft.id, data: { ...draft.data, priceHold: held.hold } });
  const refusedCoupon = priced.ok ? priced.refusedCoupon : undefined;
  const coupon = priced.ok && priced.booking.coupon ? { code: priced.booking.coupon.code, discount: formatMoney(priced.booking.quote.couponDiscount, locale) } : undefined;
  const refused = refusedCoupon && draft.data.couponCode ? { code: draft.data.couponCode, issue: { message: refusedCoupon.message, ...(refusedCoupon.params ? { params: refusedCoupon.params } : {}) } } : undefined;

  // Both prices from the one pricing, so each choice says what it costs; the bill shows the chosen one.
  const bookingAs = priced.ok ? { prepaid: { ...priced.booking, quote: quoteAs(priced.booking, 'prepaid') }, postpaid: { ...priced.booking, quote: quoteAs(priced.booking, 'postpaid') } } : undefined;
  const totals = { prepaid: bookingAs?.prepaid.quote.total, postpaid: bookingAs?.postpaid.quote.total };
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
  // Nothing is chosen for the renter: until they choose, the page shows the choices and no way to pay yet.
  const method = options.find((option) => option.method === draft.data.paymentMethod)?.method;
  const notice = typeof query.pago === 'string' ? PAYMENT_RETURN_NOTICES[query.pago] : undefined;
  const amountLabel = priced.ok ? formatMoney(priced.booking.quote.total, locale) : '';
  // The confirmation and the payments carry the total this page shows: the server books no other (checkout-actions.ts).
  const shownTotal = priced.ok ? priced.booking.quote.total : null;
  // A refresh during the 3-D Secure check: the check goes on; the card form asks where it stands once in the browser.
  const resume = method === 'card' && draft.data.payment !== undefined;
  // The terms of the way chosen stand with its button and under the bill: nothing chosen, no terms to agree to yet.
  const paidHow: PaidHow | undefined = method === undefined ? undefined : method === 'counter' ? 'atCounter' : 'now';
  const termsFor = priced.ok && paidHow ? { booking: priced.booking, paidHow, locale } : undefined;
  // The glance on a phone: the way chosen, or, until one is, each way offered at its own price.
  const offered: PaidHow[] = [...(cardFields || payPalOffered ? (['now'] as const) : []), 'atCounter'];
  const glanceWays: GlanceWay[] = bookingAs ? (paidHow ? [paidHow] : offered).map((way) => ({ paidHow: way, booking: way === 'now' ? bookingAs.prepaid : bookingAs.postpaid })) : [];

  return (
    <div className="space-y-6">
      <BookingStepsNav current="checkout" completed={draft.data.completed} />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('steps.checkout')}</h1>
      {draft.data.ageBandChange ? <AgeBandNotice change={draft.data.ageBandChange} locale={locale} /> : null}
      <PayingGlance ways={glanceWays} locale={locale} />
      {/*
        The summary and the bill come first, then the coupon and the payment: on a phone (one column) the renter reads
        the total and its lines before the card form; from 1024 px the bill stands in the right column beside them.
      */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="lg:col-start-2 lg:row-start-1" data-testid="checkout-summary">
          <BookingSidebar draft={draft} priced={priced} catalog={catalog} locale={locale} terms={termsFor ? <BillTerms {...termsFor} /> : undefined} />
        </div>
        <div className="space-y-6 lg:col-start-1 lg:row-start-1">
          <div className="rounded-2xl border border-slate-200 bg-white p-5">
            <CouponForm applied={coupon} refused={refused} />
          </div>
          <section aria-labelledby="payment-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id="payment-title" className="text-lg font-bold text-slate-900">
              {t('checkout.payment')}
            </h2>
            {change ? <PriceChangeNotice before={change.before} after={change.after} locale={locale} /> : null}
            {notice ? <PaymentError error={{ message: notice }} /> : null}
            <PaymentMethodChoice options={options} selected={method} locale={locale} />
            {termsFor ? <PayingTerms {...termsFor} /> : null}
            {!priced.ok || method === undefined ? null : method === 'card' && cardFields ? (
              <CardPaymentForm
                locale={locale}
                fieldsUrl={cardFields.fieldsUrl}
                publishableKey={cardFields.publishableKey}
                amountLabel={amountLabel}
                thanksHref={getPathname({ href: THANKS_PATH, locale })}
                resume={resume}
                pay={payCheckoutByCard.bind(null, shownTotal)}
                check={checkCheckoutPayment}
              />
            ) : method === 'paypal' ? (
              <PayPalPayButton locale={locale} start={payCheckoutWithPayPal.bind(null, shownTotal)} />
            ) : (
              <ConfirmButton locale={locale} shownTotal={shownTotal} />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
