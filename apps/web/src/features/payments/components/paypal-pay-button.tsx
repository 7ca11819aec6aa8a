'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button, callAction, CONNECTION_LOST, type FormIssue } from '@/shared/forms';
import type { PaymentActionResult } from '../payment-answers';
import { PaymentError } from './payment-feedback';

/**
 * Creates the PayPal order on the server (`start`, the flow's action, with the server's amount) and sends the renter
 * to PayPal to approve it.
 */
export function PayPalPayButton({ locale, start }: { locale: string; start: (locale: string) => Promise<PaymentActionResult> }) {
  const t = useTranslations('booking.payment');
  const [pending, startTransition] = useTransition();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<{ error: FormIssue; reason?: FormIssue }>();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t('paypalNote')}</p>
      <PaymentError error={error?.error} reason={error?.reason} />
      <Button
        type="button"
        pending={pending || leaving}
        className="w-full"
        data-testid="pay-with-paypal"
        onClick={() => {
          setError(undefined);
          startTransition(async () => {
            const result = await callAction(() => start(locale), (): PaymentActionResult => ({ status: 'error', error: CONNECTION_LOST }));
            if (result.status === 'redirect') {
              setLeaving(true);
              window.location.assign(result.url);
            } else if (result.status === 'error') {
              setError({ error: result.error, ...(result.reason ? { reason: result.reason } : {}) });
            }
          });
        }}
      >
        {pending || leaving ? t('paypalRedirecting') : t('paypalContinue')}
      </Button>
    </div>
  );
}
