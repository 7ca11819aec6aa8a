'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, encodeIssue, useIssueText, type FormIssue } from '@/features/forms';

/** The processing error, with the gateway's reason under it where there is one. Announced. */
export function PaymentError({ error, reason }: { error: FormIssue | undefined; reason?: FormIssue | undefined }) {
  const issueText = useIssueText();
  return (
    <div role="alert" aria-live="assertive" className="empty:hidden">
      {error ? (
        <div className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="payment-error">
          <p className="font-semibold">{issueText(encodeIssue(error))}</p>
          {reason ? <p className="mt-1">{issueText(encodeIssue(reason))}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

const WINDOW_NAME = 'payment-verification';
const WINDOW_FEATURES = 'popup,width=520,height=720';

/** Opens the 3-D Secure check in its own window; false when the browser blocked it. */
export function openVerificationWindow(url: string): boolean {
  return window.open(url, WINDOW_NAME, WINDOW_FEATURES) !== null;
}

/**
 * While the 3-D Secure check runs in its own window: 'Verifying payment...' and the warning not to close it. When the
 * browser blocked the window, the 'Verify Payment' button opens it from the renter's click.
 */
export function VerificationPanel({ url, initiallyBlocked }: { url: string | undefined; initiallyBlocked: boolean }) {
  const t = useTranslations('booking.payment');
  const [blocked, setBlocked] = useState(initiallyBlocked);
  return (
    <div role="status" aria-live="polite" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900" data-testid="payment-verifying">
      <p className="flex items-center gap-3 font-semibold">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-amber-700 border-t-transparent motion-reduce:animate-none" />
        {t('verifying')}
      </p>
      <p className="text-sm">{t('verifyWarning')}</p>
      {blocked ? <p className="text-sm">{t('popupBlocked')}</p> : null}
      {url ? (
        <Button type="button" variant={blocked ? 'primary' : 'secondary'} onClick={() => setBlocked(!openVerificationWindow(url))} data-testid="verify-payment">
          {t('verifyButton')}
        </Button>
      ) : null}
    </div>
  );
}
