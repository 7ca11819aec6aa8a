'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState, useTransition } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { createDeliveryChoiceSchema, FLIGHT_NUMBER_MAX_LENGTH } from '@rentacar/domain/flights';
import type { MoneyLocale } from '@rentacar/domain/money';
import {
  callAction,
  connectionLost,
  countFieldErrors,
  domainResolver,
  Field,
  FormAlert,
  Input,
  RadioGroup,
  Select,
  useIssueText,
  useServerErrors,
  type FormIssue,
} from '@/shared/forms';
import { saveExtras } from '../booking-actions';
import { useLivePrice } from '../live-price';
import { StepFooter } from './step-footer';

// As the step shows them, prices formatted by the server (step-props.ts).
export type StepExtra = {
  code: string;
  name: string;
  description: string;
  dailyPrice: string;
  capPerRental: string | undefined;
  maxQuantity: number;
  /** The chosen coverage's name when it includes this extra (then it costs nothing), else undefined. */
  includedIn: string | undefined;
};
/** `needsFlightNumber`: the option meets the renter's flight (meet & greet), so choosing it asks the flight number. */
export type StepDelivery = { id: string; description: string; price: string; needsFlightNumber: boolean };
export type StepYoungDriverBand = { minAge: number; maxAge: number; dailyPrice: string };

type Values = { quantities: Record<string, string>; deliveryOptionId: string; flightNumber: string };

/** Step 3: extras priced per day with a cap per rental, in quantities; delivery; the brand's young-driver fee explained. */
export function ExtrasStep({
  locale,
  extras,
  deliveryOptions,
  youngDriverBands,
  initial,
  backHref,
}: {
  locale: MoneyLocale;
  extras: StepExtra[];
  deliveryOptions: StepDelivery[];
  youngDriverBands: StepYoungDriverBand[];
  initial: { extras: { code: string; quantity: number }[]; deliveryOptionId: string | undefined; flightNumber?: string | undefined };
  backHref: string;
}) {
  const t = useTranslations('booking');
  const flightText = useTranslations('deliveryFlight');
  const needingFlight = useMemo(() => deliveryOptions.filter((option) => option.needsFlightNumber).map((option) => option.id), [deliveryOptions]);
  const issueText = useIssueText();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const { register, handleSubmit, formState, setError, control } = useForm<Values>({
    defaultValues: {
      quantities: Object.fromEntries(extras.map((extra) => [extra.code, String(initial.extras.find((chosen) => chosen.code === extra.code)?.quantity ?? 0)])),
      deliveryOptionId: initial.deliveryOptionId ?? '',
      flightNumber: initial.flightNumber ?? '',
    },
    // The domain's rule: an option that meets a flight needs its number (checked again by the server).
    resolver: domainResolver(createDeliveryChoiceSchema(needingFlight)),
  });
  const applyServerErrors = useServerErrors(setError, setFormError);
  const chosenOf = (quantities: Values['quantities']) => extras.map((extra) => ({ code: extra.code, quantity: Number(quantities[extra.code] ?? 0) })).filter((extra) => extra.quantity > 0);
  const quantities = useWatch({ control, name: 'quantities' });
  const deliveryOptionId = useWatch({ control, name: 'deliveryOptionId' });
  // The price panel follows the choices before Continue saves them.
  useLivePrice({ extras: chosenOf(quantities), deliveryOptionId });

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    const chosen = chosenOf(values.quantities);
    const flightNumber = values.flightNumber || undefined;
    startTransition(async () =>
      applyServerErrors(await callAction(() => saveExtras(locale, { extras: chosen, deliveryOptionId: values.deliveryOptionId || undefined, ...(flightNumber ? { flightNumber } : {}) }), connectionLost)),
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6" aria-labelledby="step-title">
      <div className="space-y-2">
        <h1 id="step-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('extras.title')}
        </h1>
        <p className="text-slate-700">{t('extras.intro')}</p>
      </div>
      <FormAlert issue={formError} errorCount={countFieldErrors(formState.errors)} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {extras.map((extra) => (
          <li key={extra.code} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5" data-testid="extra-option">
            <p className="font-bold text-slate-900">{extra.name}</p>
            {extra.description ? <p className="text-sm text-slate-700">{extra.description}</p> : null}
            {extra.includedIn === undefined ? (
              <p className="text-sm font-semibold text-slate-800">
                {t('extras.perDay', { price: extra.dailyPrice })}
                {extra.capPerRental === undefined ? '' : ` · ${t('extras.cap', { amount: extra.capPerRental })}`}
              </p>
            ) : (
              <p className="text-sm font-semibold text-emerald-800" data-testid="extra-included">
                <span className="mr-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">{t('livePrice.included')}</span>
                {t('included.extra', { coverage: extra.includedIn })}
              </p>
            )}
            <Field id={`extra-${extra.code}`} label={t('extras.quantity', { name: extra.name })} error={issueText(formState.errors.quantities?.[extra.code]?.message)} className="mt-auto max-w-40">
              {(control) => (
                <Select {...control} {...register(`quantities.${extra.code}`)}>
                  {Array.from({ length: extra.maxQuantity + 1 }, (_, quantity) => (
                    <option key={quantity} value={String(quantity)}>
                      {/* A select on the count as text, not a plural: no Intl call while the step hydrates. */}
                      {t('extras.quantityOption', { count: String(quantity) })}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </li>
        ))}
      </ul>
      {deliveryOptions.length > 0 ? (
        <RadioGroup legend={t('extras.delivery')} error={issueText(formState.errors.deliveryOptionId?.message)} errorId="delivery-error" className="space-y-2 rounded-2xl border border-slate-200 bg-white p-5">
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input type="radio" value="" {...register('deliveryOptionId')} className="mt-0.5 size-5 accent-brand" />
            <span>{t('extras.noDelivery')}</span>
          </label>
          {deliveryOptions.map((option) => (
            <label key={option.id} className="flex items-start gap-3 text-sm text-slate-800">
              <input type="radio" value={option.id} {...register('deliveryOptionId')} className="mt-0.5 size-5 accent-brand" />
              <span>
                {option.description} <span className="font-semibold">({option.price})</span>
              </span>
            </label>
          ))}
          {needingFlight.includes(deliveryOptionId) ? (
            <Field
              id="flightNumber"
              label={flightText('label')}
              hint={flightText('hint')}
              error={issueText(formState.errors.flightNumber?.message)}
              className="pt-2 pl-8 sm:max-w-xs"
            >
              {(controlProps) => (
                <Input {...controlProps} aria-required="true" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={FLIGHT_NUMBER_MAX_LENGTH} placeholder="CM 123" {...register('flightNumber')} />
              )}
            </Field>
          ) : null}
        </RadioGroup>
      ) : null}
      {youngDriverBands.map((band) => (
        <p key={band.minAge} className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('extras.youngDriver', { min: band.minAge, max: band.maxAge, price: band.dailyPrice })}
        </p>
      ))}
      <StepFooter backHref={backHref} pending={pending} />
    </form>
  );
}
