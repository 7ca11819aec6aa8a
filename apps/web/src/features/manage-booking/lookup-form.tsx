'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/features/forms/button';
import { Field, Input } from '@/features/forms/field';
import type { FormIssue } from '@/features/forms/form-issues';
import { useIssueText } from '@/features/forms/use-issue-text';
import { FormAlert, useServerErrors } from '@/features/booking/steps/step-form';
import { lookupReservation } from './manage-actions';

/** Finds a reservation by its number and the email it was booked with. */
export function LookupForm({ initialNumber }: { initialNumber: string }) {
  const t = useTranslations('booking.manage');
  const issueText = useIssueText();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const { register, handleSubmit, formState, setError } = useForm<{ number: string; email: string }>({ defaultValues: { number: initialNumber, email: '' } });
  const applyServerErrors = useServerErrors(setError, setFormError);
  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    startTransition(async () => {
      const result = await lookupReservation(values);
      if (result.ok) router.refresh();
      else applyServerErrors(result);
    });
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-lg space-y-4" aria-label={t('title')}>
      <FormAlert issue={formError} errorCount={Object.keys(formState.errors).length} />
      <Field id="number" label={t('number')} error={issueText(formState.errors.number?.message)}>
        {(control) => <Input {...control} autoComplete="off" autoCapitalize="characters" placeholder="FF-7K3M9Q" {...register('number')} />}
      </Field>
      <Field id="email" label={t('email')} error={issueText(formState.errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Button type="submit" pending={pending}>
        {t('find')}
      </Button>
    </form>
  );
}
