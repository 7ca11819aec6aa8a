'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RadioGroup } from '@/shared/forms';
import { CardPaymentForm, PayPalPayButton } from '@/features/payments';
import { checkPrecheckinPayment, payPrecheckinByCard, payPrecheckinWithPayPal } from '../precheckin-actions';

type Method = 'card' | 'paypal';

/** How the renter pays what is due: by card (the gateway's own fields) or PayPal, with the booking's payment forms. */
export function PrecheckinPayment({
  locale,
  amountLabel,
  thanksHref,
  card,
  payPalOffered,
  resume,
}: {
  locale: string;
  amountLabel: string;
  thanksHref: string;
  card: { fieldsUrl: string; publishableKey: string } | undefined;
  payPalOffered: boolean;
  /** A 3-D Secure check was in progress when the page was loaded. */
  resume: boolean;
}) {
  const t = useTranslations('booking.checkout');
  const methods: Method[] = [...(card ? ['card' as const] : []), ...(payPalOffered ? ['paypal' as const] : [])];
  const [method, setMethod] = useState<Method | undefined>(methods[0]);
  const titles = { card: t('payByCard'), paypal: t('payByPayPal') };
  return (
    <div className="space-y-4">
      {methods.length > 1 ? (
        <RadioGroup legend={t('methodLegend')} errorId="precheckin-method-error" className="space-y-3" legendClassName="mb-2 text-base font-semibold text-slate-900">
          <div className="grid gap-3 sm:grid-cols-2">
            {methods.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-3 rounded-lg border-2 border-slate-200 p-4 font-semibold text-slate-900 has-[:checked]:border-brand has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
              >
                <input type="radio" name="precheckin-method" value={option} checked={method === option} onChange={() => setMethod(option)} className="size-5 accent-brand" data-testid={`payment-method-${option}`} />
                {titles[option]}
              </label>
            ))}
          </div>
        </RadioGroup>
      ) : null}
      {method === 'card' && card ? (
        <CardPaymentForm
          locale={locale}
          fieldsUrl={card.fieldsUrl}
          publishableKey={card.publishableKey}
          amountLabel={amountLabel}
          thanksHref={thanksHref}
          resume={resume}
          pay={payPrecheckinByCard}
          check={checkPrecheckinPayment}
        />
      ) : method === 'paypal' ? (
        <PayPalPayButton locale={locale} start={payPrecheckinWithPayPal} />
      ) : null}
    </div>
  );
}
