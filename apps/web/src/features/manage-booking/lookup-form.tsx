'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { Button, callAction, connectionLost, Field, FormAlert, Input, useIssueText, useServerErrors, type FormIssue } from '@/shared/forms';

export type LookupValues = { number: string; email: string };
export type LookupResult = { ok: true } | { ok: false; errors: Record<string, FormIssue>; formError?: FormIssue };
export type LookupLabels = { title: string; number: string; numberHint?: string; email: string; submit: string };

/**
 * Finds a reservation by its number and the email it was booked with, through `find` (manage booking's or the
 * pre-check-in's server action). Found, the page is asked again (or the action has moved on already).
 */
export function LookupForm({ find, labels, initialNumber = '' }: { find: (values: LookupValues) => Promise<LookupResult>; labels: LookupLabels; initialNumber?: string }) {
  const issueText = useIssueText();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const { register, handleSubmit, formState, setError } = useForm<LookupValues>({ defaultValues: { number: initialNumber, email: '' } });
  const applyServerErrors = useServerErrors(setError, setFormError);
  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    startTransition(async () => {
      const result = await callAction(() => find(values), connectionLost);
      if (result.ok) router.refresh();
      else applyServerErrors(result);
    });
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-lg space-y-4" aria-label={labels.title}>
      <FormAlert issue={formError} errorCount={Object.keys(formState.errors).length} />
      <Field id="number" label={labels.number} hint={labels.numberHint} error={issueText(formState.errors.number?.message)}>
        {(control) => <Input {...control} autoComplete="off" autoCapitalize="characters" placeholder="FF-7K3M9Q" {...register('number')} />}
      </Field>
      <Field id="email" label={labels.email} error={issueText(formState.errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Button type="submit" pending={pending}>
        {labels.submit}
      </Button>
    </form>
  );
}
