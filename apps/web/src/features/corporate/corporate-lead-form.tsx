'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { createCorporateLeadSchema, type CorporateLeadInput } from '@rentacar/domain/corporate';
import {
  Button,
  callAction,
  connectionLost,
  CONTROL_CLASS,
  domainResolver,
  Field,
  FormAlert,
  Input,
  useIssueText,
  useServerErrors,
  type FormIssue,
} from '@/shared/forms';
import { submitCorporateLead } from './lead-actions';

type Values = CorporateLeadInput & { website: string };

const schema = createCorporateLeadSchema();

/** The corporate contact form of an info page (show_corporate_form): company, contact, fleet size and message. */
export function CorporateLeadForm({ locale, sourcePage }: { locale: string; sourcePage: string }) {
  const t = useTranslations('corporate');
  const issueText = useIssueText();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: domainResolver(schema),
    defaultValues: { company: '', contactName: '', email: '', phone: '', fleetSize: '', message: '', website: '' },
  });
  const applyServerErrors = useServerErrors(setError, setFormError);
  const onSubmit = handleSubmit((_checked, event) => {
    setFormError(undefined);
    // The honeypot is not part of the schema: read from the form as the browser filled it.
    const form = event?.target instanceof HTMLFormElement ? new FormData(event.target) : undefined;
    const website = form?.get('website');
    const values = { ..._checked, website: typeof website === 'string' ? website : '' };
    startTransition(async () => {
      const result = await callAction(() => submitCorporateLead(locale, sourcePage, values), connectionLost);
      if (result.ok) {
        setSent(true);
        reset();
      } else applyServerErrors(result);
    });
  });
  const error = (name: keyof CorporateLeadInput) => issueText(formState.errors[name]?.message);

  if (sent) {
    return (
      <p role="status" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 font-medium text-emerald-900" data-testid="corporate-lead-sent">
        {t('sent')}
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 space-y-4" aria-label={t('formLabel')}>
      <FormAlert issue={formError} errorCount={Object.keys(formState.errors).length} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="lead-company" label={t('company')} error={error('company')}>
          {(control) => <Input {...control} autoComplete="organization" {...register('company')} />}
        </Field>
        <Field id="lead-contact" label={t('contactName')} error={error('contactName')}>
          {(control) => <Input {...control} autoComplete="name" {...register('contactName')} />}
        </Field>
        <Field id="lead-email" label={t('email')} error={error('email')}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
        </Field>
        <Field id="lead-phone" label={t('phone')} error={error('phone')}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" {...register('phone')} />}
        </Field>
        <Field id="lead-fleet" label={t('fleetSize')} error={error('fleetSize')}>
          {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...register('fleetSize')} />}
        </Field>
      </div>
      <Field id="lead-message" label={t('message')} error={error('message')}>
        {(control) => <textarea {...control} rows={5} className={CONTROL_CLASS} {...register('message')} />}
      </Field>
      {/* Out of sight and out of the tab order: only a bot fills it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="lead-website">{t('website')}</label>
        <input id="lead-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <Button type="submit" pending={pending}>
        {pending ? t('sending') : t('submit')}
      </Button>
    </form>
  );
}
