'use client';

import { useTranslations } from 'next-intl';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { encodeIssue, type FormIssue, type FormResult } from './form-issues';
import { useIssueText } from './use-issue-text';

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
  return (result: FormResult | undefined, fields: Record<string, string> = {}) => {
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
