'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { callAction, CONNECTION_LOST, FormAlert, RadioGroup, type FormIssue } from '@/features/forms';
import type { PaymentActionResult } from '@/features/payments';
import { choosePaymentMethod } from './checkout-actions';

export type PaymentMethodOption = { method: 'card' | 'paypal' | 'counter'; note: string };

/** How the renter pays; the bill beside it follows (prepaid or postpaid price) once the server has saved the choice. */
export function PaymentMethodChoice({ options, selected }: { options: PaymentMethodOption[]; selected: PaymentMethodOption['method'] }) {
  const t = useTranslations('booking.checkout');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [choice, setChoice] = useState(selected);
  const [error, setError] = useState<FormIssue>();
  const titles = { card: t('payByCard'), paypal: t('payByPayPal'), counter: t('payAtCounter') };

  const choose = (method: PaymentMethodOption['method']) => {
    setChoice(method);
    startTransition(async () => {
      setError(undefined);
      const result = await callAction(() => choosePaymentMethod(method), (): PaymentActionResult => ({ status: 'error', error: CONNECTION_LOST }));
      if (result.status === 'error') {
        setError(result.error);
        setChoice(selected);
      }
      router.refresh();
    });
  };

  return (
    <RadioGroup legend={t('methodLegend')} errorId="payment-method-error" className="space-y-3" legendClassName="mb-2 text-base font-semibold text-slate-900">
      <div aria-busy={pending || undefined} className="space-y-3">
        {options.map((option) => (
          <label
            key={option.method}
            className="grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-lg border-2 border-slate-200 p-4 has-[:checked]:border-brand has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
          >
            <input
              type="radio"
              name="payment-method"
              value={option.method}
              checked={choice === option.method}
              onChange={() => choose(option.method)}
              className="row-span-2 mt-1 size-5 shrink-0 accent-brand"
              data-testid={`payment-method-${option.method}`}
            />
            <span className="font-semibold text-slate-900">{titles[option.method]}</span>
            <span className="text-sm text-slate-700">{option.note}</span>
          </label>
        ))}
      </div>
      <FormAlert issue={error} errorCount={0} />
    </RadioGroup>
  );
}
