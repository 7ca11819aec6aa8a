'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/features/forms/button';
import type { FormIssue } from '@/features/forms/form-issues';
import { FormAlert } from '@/features/booking/steps/step-form';
import { finishPrecheckin } from '../precheckin-actions';

/** Nothing left to pay: completes the pre-check-in (the server checks again that nothing is due). */
export function FinishPrecheckinButton({ locale }: { locale: string }) {
  const t = useTranslations('precheckin.checkout');
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<FormIssue>();
  return (
    <div className="space-y-3">
      <FormAlert issue={error} errorCount={0} />
      <Button
        pending={pending}
        data-testid="finish-precheckin"
        onClick={() => {
          setError(undefined);
          startTransition(async () => {
            const result = await finishPrecheckin(locale);
            if (!result.ok) setError(result.formError);
          });
        }}
      >
        {t('finish')}
      </Button>
    </div>
  );
}
