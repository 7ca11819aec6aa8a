'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import type { FormIssue } from '@/features/forms/form-issues';
import { Button } from '@/features/forms/button';
import { confirmReservation } from '../booking-actions';
import { FormAlert } from './step-form';

/** Confirms the reservation; a double click books once (the server keeps one idempotency key per draft). */
export function ConfirmButton({ locale }: { locale: string }) {
  const t = useTranslations('booking.checkout');
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<FormIssue>();
  return (
    <div className="space-y-3">
      <FormAlert issue={error} errorCount={0} />
      <Button
        type="button"
        pending={pending}
        className="w-full"
        onClick={() =>
          startTransition(async () => {
            setError(undefined);
            const result = await confirmReservation(locale);
            if (!result.ok) setError(result.formError ?? Object.values(result.errors)[0] ?? { message: 'booking.errors.serviceUnavailable' });
          })
        }
      >
        {pending ? t('confirming') : t('confirm')}
      </Button>
    </div>
  );
}
