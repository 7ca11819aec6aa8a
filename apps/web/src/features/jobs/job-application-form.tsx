'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { createJobApplicationSchema, CV_TYPE, MAX_CV_BYTES, type JobApplicationInput } from '@rentacar/domain/jobs';
import {
  Button,
  CONTROL_CLASS,
  domainResolver,
  encodeIssue,
  Field,
  FieldError,
  FormAlert,
  Input,
  useIssueText,
  type FormIssue,
} from '@/shared/forms';

const schema = createJobApplicationSchema();
const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type Answer = { ok?: boolean; errors?: { field?: string; message?: string }[] };

/**
 * Applying to one offer: name, email, phone, a message and a CV (a PDF of at most 5 MB; its type is judged on the
 * server from its bytes). Sent as one multipart request to /api/jobs/applications; the server's reasons come back
 * in the page's language, on the field they concern. Nothing typed is lost on a refusal.
 */
export function JobApplicationForm({ locale, jobId }: { locale: string; jobId: string }) {
  const t = useTranslations('jobs.application');
  const errors = useTranslations('jobs.errors');
  const issueText = useIssueText();
  const cvId = useId();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const [serverText, setServerText] = useState<string>();
  const [cv, setCv] = useState<File>();
  const [cvError, setCvError] = useState<string>();
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState, setError, setFocus } = useForm<JobApplicationInput>({ resolver: domainResolver(schema), defaultValues: { name: '', email: '', phone: '', message: '' } });

  const chooseCv = (file: File | undefined) => {
    setCvError(file && file.size > MAX_CV_BYTES ? errors('cvTooLarge', { megabytes: MAX_CV_BYTES / (1024 * 1024) }) : undefined);
    setCv(file && file.size <= MAX_CV_BYTES ? file : undefined);
  };

  // The CV is not one of react-hook-form's fields: asked for beside the others, and focused when it is the only one refused.
  const focusCv = () => document.getElementById(cvId)?.focus();
  const requireCv = () => {
    if (!cv) setCvError((current) => current ?? errors('cvRequired'));
  };
  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    setServerText(undefined);
    if (!cv) {
      requireCv();
      focusCv();
      return;
    }
    startTransition(async () => {
      const body = new FormData();
      body.set('job', jobId);
      for (const field of FIELDS) body.set(field, values[field] ?? '');
      body.set('cv', cv);
      try {
        const response = await fetch(`/api/jobs/applications?locale=${encodeURIComponent(locale)}`, { method: 'POST', body });
        const answer = (await response.json().catch(() => ({}))) as Answer;
        if (response.status === 201) {
          setSent(true);
          return;
        }
        const refused = new Set<string>();
        for (const entry of answer.errors ?? []) {
          const message = entry.message ?? errors('uploadFailed');
          if (entry.field === 'cv') setCvError(message);
          else if (FIELDS.some((field) => field === entry.field)) setError(entry.field as (typeof FIELDS)[number], { type: 'server', message: encodeIssue({ message }) });
          else setServerText(message);
          if (entry.field) refused.add(entry.field);
        }
        if (!answer.errors?.length) setServerText(errors('uploadFailed'));
        // The first refused control in the page's order gets the focus.
        const first = FIELDS.find((field) => refused.has(field));
        if (first) setFocus(first);
        else if (refused.has('cv')) focusCv();
      } catch {
        setServerText(errors('uploadFailed'));
      }
    });
  }, requireCv);

  if (sent) {
    return (
      <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 font-medium text-emerald-900" data-testid="application-sent">
        {t('sent')}
      </p>
    );
  }
  const fieldError = (name: (typeof FIELDS)[number]) => issueText(formState.errors[name]?.message);
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" aria-label={t('formLabel')}>
      <FormAlert issue={formError} errorCount={Object.keys(formState.errors).length + (cvError ? 1 : 0)} />
      {serverText ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {serverText}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={`${jobId}-name`} label={t('name')} error={fieldError('name')}>
          {(control) => <Input {...control} autoComplete="name" {...register('name')} />}
        </Field>
        <Field id={`${jobId}-email`} label={t('email')} error={fieldError('email')}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
        </Field>
        <Field id={`${jobId}-phone`} label={t('phone')} error={fieldError('phone')}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" {...register('phone')} />}
        </Field>
      </div>
      <Field id={`${jobId}-message`} label={t('message')} error={fieldError('message')}>
        {(control) => <textarea {...control} rows={4} className={CONTROL_CLASS} {...register('message')} />}
      </Field>
      <div>
        <label htmlFor={cvId} className="block text-sm font-semibold text-slate-800">
          {t('cv')}
        </label>
        <input
          id={cvId}
          type="file"
          accept={CV_TYPE}
          aria-invalid={Boolean(cvError)}
          aria-describedby={`${cvId}-hint${cvError ? ` ${cvId}-error` : ''}`}
          data-testid={`cv-${jobId}`}
          className={`${CONTROL_CLASS} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:font-semibold`}
          onChange={(event) => chooseCv(event.currentTarget.files?.[0])}
        />
        <p id={`${cvId}-hint`} className="mt-1 text-xs text-slate-600">
          {t('cvHint')}
        </p>
        <FieldError id={cvError ? `${cvId}-error` : undefined} message={cvError} />
      </div>
      <Button type="submit" pending={pending}>
        {pending ? t('sending') : t('submit')}
      </Button>
    </form>
  );
}
