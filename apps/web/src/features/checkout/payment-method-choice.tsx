'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useActionState, useRef, useState, useSyncExternalStore, useTransition } from 'react';
import { buttonClass, callAction, CONNECTION_LOST, encodeIssue, FormAlert, RadioGroup, useIssueText, type FormIssue } from '@/shared/forms';
import type { PaymentActionResult } from '@/features/payments';
import { choosePaymentMethod, choosePaymentMethodByForm, type PaymentChoiceState } from './checkout-actions';

export type PaymentMethodOption = { method: 'card' | 'paypal' | 'counter'; note: string };

const NOTHING_CHOSEN: FormIssue = { message: 'booking.paymentChoice.required' };
const subscribeToNothing = () => () => {};

/**
 * How the renter pays; the bill beside it follows (prepaid or postpaid price) once the server has saved the choice.
 * Nothing is chosen until the renter chooses (`selected` undefined): each way costs a different price, so none is
 * picked for them. It is a form that works without JavaScript (the choice is posted with the button below it); with
 * JavaScript each choice is saved as it is made, and the button is only there while nothing is chosen, where it says
 * that a choice is needed.
 */
export function PaymentMethodChoice({ options, selected, locale }: { options: PaymentMethodOption[]; selected: PaymentMethodOption['method'] | undefined; locale: string }) {
  const t = useTranslations('booking.checkout');
  const tc = useTranslations('booking.paymentChoice');
  const issueText = useIssueText();
  const router = useRouter();
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const [pending, startTransition] = useTransition();
  const [choice, setChoice] = useState(selected);
  const [error, setError] = useState<FormIssue>();
  const [missing, setMissing] = useState(false);
  const [posted, submit] = useActionState<PaymentChoiceState, FormData>(choosePaymentMethodByForm, {});
  const firstRadio = useRef<HTMLInputElement>(null);
  const titles = { card: t('payByCard'), paypal: t('payByPayPal'), counter: t('payAtCounter') };
  // Nothing chosen (said here, or by the server for a page without JavaScript): the group's own error.
  const required = choice === undefined && (missing || posted.error?.message === NOTHING_CHOSEN.message);
  const refusal = error ?? (posted.error && posted.error.message !== NOTHING_CHOSEN.message ? posted.error : undefined);

  const choose = (method: PaymentMethodOption['method']) => {
    setChoice(method);
    setMissing(false);
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
    <form
      action={submit}
      noValidate
      onSubmit={(event) => {
        if (choice !== undefined) return;
        event.preventDefault();
        setMissing(true);
        firstRadio.current?.focus();
      }}
      className="space-y-3"
    >
      <input type="hidden" name="locale" value={locale} />
      <RadioGroup
        legend={t('methodLegend')}
        error={required ? issueText(encodeIssue(NOTHING_CHOSEN)) : undefined}
        errorId="payment-method-error"
        className="space-y-3"
        legendClassName="mb-2 text-base font-semibold text-slate-900"
      >
        <div aria-busy={pending || undefined} className="space-y-3">
          {options.map((option, index) => (
            <label
              key={option.method}
              className="grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-lg border-2 border-slate-200 p-4 has-[:checked]:border-brand has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
            >
              <input
                ref={index === 0 ? firstRadio : undefined}
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
      </RadioGroup>
      <FormAlert issue={refusal} errorCount={0} />
      {/* Without JavaScript it posts the choice; with it, it is needed only while nothing is chosen. */}
      {!hydrated || choice === undefined ? (
        <button type="submit" className={buttonClass(choice === undefined ? 'primary' : 'secondary', 'w-full')} data-testid="payment-method-submit">
          {tc('submit')}
        </button>
      ) : null}
    </form>
  );
}
