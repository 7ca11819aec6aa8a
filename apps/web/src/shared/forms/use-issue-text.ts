'use client';

import { useTranslations } from 'next-intl';
import type { IssueMessage } from '@/lib/issues';
import { decodeIssue } from './form-issues';

/** Translates an encoded form issue (see form-issues.ts) in the page's language; unknown keys are shown as given. */
export function useIssueText(): (encoded: string | undefined) => string | undefined {
  const t = useTranslations();
  return (encoded) => {
    const issue = decodeIssue(encoded);
    if (!issue) return undefined;
    const key = issue.message as IssueMessage;
    return t.has(key) ? t(key, issue.params) : issue.message;
  };
}
