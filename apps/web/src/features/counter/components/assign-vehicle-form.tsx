'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { assignVehicleFormSchema, normalizePlate, type AssignVehicleForm as Values } from '@rentacar/domain/vehicles';
import { Button, callAction, connectionLost, domainResolver, Field, FormAlert, Input, useIssueText, useServerErrors, type FormIssue } from '@/shared/forms';
import type { CounterActionResult } from '../actions';

/**
 * Staff choose or swap the booking's car (docs/fleet.md): its plate, typed or read off the car. A car of another class
 * is an upgrade: when the content service answers that it needs a reason, the reason's field appears (focused, with the
 * refusal under it) and is then required for that plate; the plate typed stays. Every refusal is announced.
 */
export function AssignVehicleForm({ number, action }: { number: string; action: (number: string, plate: string, reason: string) => Promise<CounterActionResult> }) {
  const t = useTranslations('counterActions.assign');
  const id = useId();
  const router = useRouter();
  const issueText = useIssueText();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const [done, setDone] = useState(false);
  // The plate (normalised) the content service said needs a reason (a car of another class): the reason's field shows
  // from then on, and is required while that plate is the one typed.
  const [reasonFor, setReasonFor] = useState<string | null>(null);
  const needsReason = reasonFor !== null;
  const { register, handleSubmit, formState, setError, setFocus } = useForm<Values>({ resolver: domainResolver(assignVehicleFormSchema), defaultValues: { plate: '', reason: '' } });
  const serverErrors = useServerErrors(setError, setFormError);
  const error = (name: keyof Values) => issueText(formState.errors[name]?.message);
  useEffect(() => {
    if (needsReason) setFocus('reason');
  }, [needsReason, setFocus]);
  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    setDone(false);
    if (reasonFor === normalizePlate(values.plate) && values.reason.trim() === '') {
      setError('reason', { message: 'counterActions.errors.reasonRequired' }, { shouldFocus: true });
      return;
    }
    startTransition(async () => {
      const result = await callAction(() => action(number, values.plate, needsReason ? values.reason : ''), connectionLost);
      if (!result.ok) {
        if (result.errors.reason) setReasonFor(normalizePlate(values.plate));
        return serverErrors(result);
      }
      setDone(true);
      setReasonFor(null);
      router.refresh();
    });
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-title`} className="space-y-3 border-t border-slate-200 pt-3" data-testid="assign-vehicle-form">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('title')}
      </h3>
      <FormAlert issue={formError} errorCount={Object.keys(formState.errors).length} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-plate`} label={t('plate')} hint={t('plateHint')} error={error('plate')}>
          {(control) => <Input {...control} autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('plate')} />}
        </Field>
        {needsReason ? (
          <Field id={`${id}-reason`} label={t('reason')} hint={t('reasonHint')} error={error('reason')}>
            {(control) => <Input {...control} autoComplete="off" aria-required="true" {...register('reason')} />}
          </Field>
        ) : null}
      </div>
      <p role="status" className="text-sm font-medium text-emerald-800 empty:hidden">{done ? t('done') : ''}</p>
      <Button type="submit" variant="secondary" pending={pending}>
        {t('submit')}
      </Button>
    </form>
  );
}
