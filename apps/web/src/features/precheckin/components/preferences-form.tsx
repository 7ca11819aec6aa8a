'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { createPreferencesSchema, type PreferenceLanguage } from '@rentacar/domain/precheckin';
import {
  Button,
  callAction,
  connectionLost,
  domainResolver,
  Field,
  FormAlert,
  Input,
  Select,
  useIssueText,
  useServerErrors,
  type FormIssue,
} from '@/shared/forms';
import { savePrecheckinPreferences } from '../precheckin-actions';

type Values = { email: string; phone: string; language: PreferenceLanguage };

const schema = createPreferencesSchema();

/** How the branch reaches the renter before pickup, and in which language its messages and the confirmation come. */
export function PreferencesForm({ defaults }: { defaults: Values }) {
  const t = useTranslations('precheckin.preferences');
  const issueText = useIssueText();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<Values>({ resolver: domainResolver(schema), defaultValues: defaults });
  const applyServerErrors = useServerErrors(setError, setFormError);
  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    setSaved(false);
    startTransition(async () => {
      const result = await callAction(() => savePrecheckinPreferences(values), connectionLost);
      if (result.ok) setSaved(true);
      else applyServerErrors(result);
    });
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-lg space-y-4" aria-label={t('formLabel')}>
      <FormAlert issue={formError} errorCount={Object.keys(formState.errors).length} />
      <Field id="pref-email" label={t('email')} error={issueText(formState.errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Field id="pref-phone" label={t('phone')} error={issueText(formState.errors.phone?.message)}>
        {(control) => <Input {...control} type="tel" autoComplete="tel" {...register('phone')} />}
      </Field>
      <Field id="pref-language" label={t('language')} error={issueText(formState.errors.language?.message)}>
        {(control) => (
          <Select {...control} {...register('language')}>
            <option value="es">Español</option>
            <option value="en">English</option>
          </Select>
        )}
      </Field>
      <div className="flex items-center gap-4">
        <Button type="submit" pending={pending}>
          {t('save')}
        </Button>
        <p role="status" className="text-sm font-semibold text-emerald-800">
          {saved ? t('saved') : ''}
        </p>
      </div>
    </form>
  );
}
