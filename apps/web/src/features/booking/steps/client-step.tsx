'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { createClientFormSchema, type ClientFormInput } from '@rentacar/domain/validation/forms';
import {
  callAction,
  Checkbox,
  connectionLost,
  domainResolver,
  Field,
  FormAlert,
  Input,
  useFocusFirstInvalid,
  useIssueText,
  useServerErrors,
  type FormIssue,
} from '@/shared/forms';
import { saveClient } from '../booking-actions';
import { StepFooter } from './step-footer';

type Values = Omit<ClientFormInput, 'termsAccepted'> & { termsAccepted: boolean };

/**
 * Step 4: the main driver's details, checked here and again on the server: every field required, a valid email and
 * phone (Panama or international), age on the pickup date, and the terms accepted.
 */
export function ClientStep({ locale, initial, pickupDate, minimumAge, termsHref, backHref }: { locale: string; initial: Partial<Values>; pickupDate: string; minimumAge: number; termsHref: string; backHref: string }) {
  const t = useTranslations('booking');
  const issueText = useIssueText();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const schema = useMemo(() => createClientFormSchema({ pickupDate, minimumAge }), [pickupDate, minimumAge]);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', birthday: '', license: '', termsAccepted: false, ...initial },
    resolver: domainResolver(schema),
    shouldFocusError: false,
  });
  const formRef = useFocusFirstInvalid(formState);
  const applyServerErrors = useServerErrors(setError, setFormError);
  const error = (field: keyof Values) => issueText(formState.errors[field]?.message);

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    startTransition(async () => applyServerErrors(await callAction(() => saveClient(locale, values), connectionLost)));
  });

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6" aria-labelledby="step-title">
      <div className="space-y-2">
        <h1 id="step-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('client.title')}
        </h1>
        <p className="text-slate-700">{t('client.intro')}</p>
      </div>
      <FormAlert issue={formError} errorCount={Object.keys(formState.errors).length} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="firstName" label={t('client.firstName')} error={error('firstName')}>
          {(control) => <Input {...control} autoComplete="given-name" {...register('firstName')} />}
        </Field>
        <Field id="lastName" label={t('client.lastName')} error={error('lastName')}>
          {(control) => <Input {...control} autoComplete="family-name" {...register('lastName')} />}
        </Field>
        <Field id="email" label={t('client.email')} error={error('email')}>
          {(control) => <Input {...control} type="email" inputMode="email" autoComplete="email" {...register('email')} />}
        </Field>
        <Field id="phone" label={t('client.phone')} error={error('phone')} hint={t('client.phoneHint')}>
          {(control) => <Input {...control} type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} />}
        </Field>
        <Field id="birthday" label={t('client.birthday')} error={error('birthday')} hint={t('client.birthdayHint', { age: minimumAge })}>
          {(control) => <Input {...control} type="date" autoComplete="bday" {...register('birthday')} />}
        </Field>
        <Field id="license" label={t('client.license')} error={error('license')}>
          {(control) => <Input {...control} autoComplete="on" autoCapitalize="characters" {...register('license')} />}
        </Field>
      </div>
      <div className="space-y-1">
        <Checkbox id="termsAccepted" label={t('client.terms')} error={error('termsAccepted')} {...register('termsAccepted')} />
        <a href={termsHref} target="_blank" rel="noopener noreferrer" className="ml-8 text-sm font-semibold text-brand underline underline-offset-4">
          {t('client.termsLink')}
        </a>
      </div>
      <StepFooter backHref={backHref} pending={pending} />
    </form>
  );
}
