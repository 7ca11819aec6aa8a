'use client';

import NextLink from 'next/link';
import { useTranslations } from 'next-intl';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Button } from '@/features/forms/button';
import { buttonClass } from '@/features/forms/button-class';
import { encodeIssue, type FormIssue } from '@/features/forms/form-issues';
import { useIssueText } from '@/features/forms/use-issue-text';
import type { ActionResult } from '../booking-actions';

/**
 * A form's own message above its fields: the server's reason when it refused the whole step (the service is down, the
 * draft expired), else a count of the fields to correct. Announced to screen readers.
 */
export function FormAlert({ issue, errorCount }: { issue: FormIssue | undefined; errorCount: number }) {
  const t = useTranslations('booking');
  const issueText = useIssueText();
  const text = issue ? issueText(encodeIssue(issue)) : errorCount > 0 ? t('errorSummary', { count: errorCount }) : undefined;
  return (
    <div role="alert" aria-live="assertive" className="empty:hidden">
      {text ? <p className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">{text}</p> : null}
    </div>
  );
}

/** Puts a server action's refusal on the form: each field's issue under the field (renamed by `fields`), the rest above. */
export function useServerErrors<Values extends FieldValues>(setError: UseFormSetError<Values>, setFormError: (issue: FormIssue | undefined) => void) {
  return (result: ActionResult | undefined, fields: Record<string, string> = {}) => {
    if (!result || result.ok) return;
    let focused = false;
    for (const [field, issue] of Object.entries(result.errors)) {
      const name = (fields[field] ?? field) as Path<Values>;
      setError(name, { type: 'server', message: encodeIssue(issue) }, { shouldFocus: !focused });
      focused = true;
    }
    setFormError(result.formError);
  };
}

/** A step's way back (a link: nothing to save) and its submit button, busy while the server saves. */
export function StepActions({ backHref, pending }: { backHref: string; pending: boolean }) {
  const t = useTranslations('booking');
  return (
    <div className="flex items-center justify-between gap-4">
      <NextLink href={backHref} className={buttonClass('secondary')}>
        {t('back')}
      </NextLink>
      <Button type="submit" pending={pending}>
        {pending ? t('saving') : t('continue')}
      </Button>
    </div>
  );
}
