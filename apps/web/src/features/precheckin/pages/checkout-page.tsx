import 'server-only';
import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@rentacar/domain/money';
import { loadAppData } from '@/content';
import { Link } from '@/i18n';
import { buttonClass } from '@/shared/forms';
import { cardFieldsSettings, PAYMENT_RETURN_NOTICES, PaymentError, paymentGateway } from '@/features/payments';
import { FinishPrecheckinButton } from '../components/finish-precheckin-button';
import { PrecheckinPayment } from '../components/precheckin-payment';
import { ForgetStoredDraft } from '../components/stored-draft';
import { openCharge, precheckinRefusal, precheckinState } from '../precheckin-flow';
import { PRECHECKIN_PATHS } from '../precheckin-paths';
import { PageHeading, pageLocale, PrecheckinProgress, RefusedPrecheckin, sessionReservationOrNotFound } from './precheckin-parts';
import { getPathname, redirect } from '@/i18n/navigation';

type SearchParams = Record<string, string | string[] | undefined>;

export async function PrecheckinCheckout({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [locale, t, { site }, query] = await Promise.all([pageLocale(), getTranslations('precheckin'), loadAppData(), searchParams]);
  const reservation = await sessionReservationOrNotFound();
  const refusal = precheckinRefusal(reservation);
  if (refusal) return <RefusedPrecheckin message={refusal.message} />;
  const state = await precheckinState(reservation);
  if (!state.precheckin?.details) redirect({ href: PRECHECKIN_PATHS.verify, locale });
  if (state.precheckin.status === 'paid' && state.due === 0) redirect({ href: PRECHECKIN_PATHS.thanks, locale });
  const paid = reservation.totals.total - state.due;
  const notice = typeof query.pago === 'string' ? PAYMENT_RETURN_NOTICES[query.pago] : undefined;
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
