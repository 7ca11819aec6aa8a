'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { MoneyLocale } from '@rentacar/domain/money';
import { coverageSelectionSchema } from '@rentacar/domain/validation/forms';
import {
  callAction,
  Checkbox,
  connectionLost,
  domainResolver,
  FormAlert,
  RadioGroup,
  useIssueText,
  useServerErrors,
  type FormIssue,
} from '@/shared/forms';
import { saveCoverage } from '../booking-actions';
import { useLivePrice } from '../live-price';
import { StepFooter } from './step-footer';

/** A coverage as the step shows it, prices formatted by the server (step-props.ts). */
export type StepCoverage = {
  id: string;
  name: string;
  description: string;
  /** Staff's free-text benefits (not about priced extras). */
  benefits: string[];
  /** The names of the extras the coverage includes at no cost: from the data the bill applies. */
  includedExtras: string[];
  dailyPrice: string;
  /** Undefined when the coverage has none. */
  deductible: string | undefined;
  includesEra: boolean;
  recommended: boolean;
};

type Values = { coverageId: string; era: boolean };

/**
 * Step 2: the coverages side by side (daily price, deductible, what each includes), one required ('You must select a
 * coverage to continue'), and roadside assistance, offered on its own unless the chosen coverage includes it: then its
 * price is in the coverage's daily price (step-props.ts), and the box says so rather than offering it.
 */
export function CoverageStep({ locale, coverages, initial, eraDailyPrice, backHref }: { locale: MoneyLocale; coverages: StepCoverage[]; initial: { coverageId: string | undefined; era: boolean }; eraDailyPrice: string; backHref: string }) {
  const t = useTranslations('booking');
  const issueText = useIssueText();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const { register, handleSubmit, formState, setError, control } = useForm<Values>({
    defaultValues: { coverageId: initial.coverageId ?? '', era: initial.era },
    resolver: domainResolver(coverageSelectionSchema),
  });
  const chosenId = useWatch({ control, name: 'coverageId' });
  const era = useWatch({ control, name: 'era' });
  const chosen = coverages.find((coverage) => coverage.id === chosenId);
  // The price panel follows the choice before Continue saves it.
  useLivePrice({ coverageId: chosenId, era });
  const applyServerErrors = useServerErrors(setError, setFormError);
  const coverageError = issueText(formState.errors.coverageId?.message);

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    startTransition(async () => applyServerErrors(await callAction(() => saveCoverage(locale, { coverageId: values.coverageId, era: values.era }), connectionLost)));
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6" aria-labelledby="step-title">
      <div className="space-y-2">
        <h1 id="step-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('coverage.title')}
        </h1>
        <p className="text-slate-700">{t('coverage.intro')}</p>
      </div>
      <FormAlert issue={formError} errorCount={Object.keys(formState.errors).length} />
      <RadioGroup legend={t('coverage.legend')} legendClassName="sr-only" error={coverageError} errorId="coverageId-error">
        <div className="grid gap-4 lg:grid-cols-3">
          {coverages.map((coverage) => (
            <label
              key={coverage.id}
              className="relative flex cursor-pointer flex-col gap-3 rounded-2xl border-2 border-slate-200 bg-white p-5 shadow-sm has-[:checked]:border-brand has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
              data-testid="coverage-option"
            >
              <span className="flex items-start gap-3">
                <input type="radio" value={coverage.id} {...register('coverageId')} className="mt-1 size-5 shrink-0 accent-brand" />
                <span className="space-y-1">
                  <span className="block text-lg font-bold text-slate-900">{coverage.name}</span>
                  {coverage.recommended ? <span className="inline-block rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white">{t('coverage.recommended')}</span> : null}
                </span>
              </span>
              <span className="text-xl font-bold text-slate-900">{t('coverage.perDay', { price: coverage.dailyPrice })}</span>
              <span className="text-sm font-semibold text-slate-800">
                {coverage.deductible ? t('coverage.deductible', { amount: coverage.deductible }) : t('coverage.noDeductible')}
              </span>
              {coverage.description ? <span className="text-sm text-slate-700">{coverage.description}</span> : null}
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                {coverage.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
                {coverage.includesEra ? <li className="font-semibold">{t('coverage.includesEra', { price: eraDailyPrice })}</li> : null}
                {coverage.includedExtras.map((name) => (
                  <li key={`included-${name}`} className="font-semibold">
                    {t('included.benefit', { name })}
                  </li>
                ))}
              </ul>
            </label>
          ))}
        </div>
      </RadioGroup>
      <div className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 className="font-bold text-slate-900">{t('coverage.eraTitle')}</h2>
        <p className="mt-1 text-sm text-slate-700">{t('coverage.eraDescription', { price: eraDailyPrice })}</p>
        {chosen?.includesEra ? (
          <p className="mt-3 text-sm font-semibold text-emerald-800" data-testid="era-in-coverage">
            {t('coverage.eraIncluded', { coverage: chosen.name, price: eraDailyPrice })}
          </p>
        ) : (
          <Checkbox id="era" label={t('coverage.eraTitle')} {...register('era')} className="mt-3" />
        )}
      </div>
      <StepFooter backHref={backHref} pending={pending} />
    </form>
  );
}
