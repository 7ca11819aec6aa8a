'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button, encodeIssue, useIssueText, type FormIssue } from '@/shared/forms';
import { VERIFICATION_MESSAGE } from './use-payment-polling';

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
/** How often the panel looks whether the check's window is still open (a window of another origin sends no event). */
const WINDOW_WATCH_MS = 500;

/** Opens the 3-D Secure check in its own window: the window, or null when the browser blocked it. */
export function openVerificationWindow(url: string): Window | null {
  return window.open(url, WINDOW_NAME, WINDOW_FEATURES);
}

/**
 * Where the check's window stands, as this page knows it: open; blocked by the browser; closed by the renter before
 * the check ended; or unknown (the page was loaded while the check was in progress, so it opened no window itself).
 */
type WindowState = 'open' | 'blocked' | 'closed' | 'unknown';

function stateOf(opened: Window | null | undefined): WindowState {
  if (opened === undefined) return 'unknown';
  if (opened === null) return 'blocked';
  return opened.closed ? 'closed' : 'open';
}

/**
 * While the 3-D Secure check runs in its own window: 'Verifying payment...' and, while the window is open, the warning
 * not to close it. When the window is not open (the browser blocked it, the renter closed it, or this page was loaded
 * during the check), the panel says which, and the 'Verify Payment' button opens it from the renter's click. `opened`:
 * the window this page opened, null when the browser blocked it, undefined when it opened none.
 */
export function VerificationPanel({ url, opened }: { url: string | undefined; opened: Window | null | undefined }) {
  const t = useTranslations('booking.payment');
  const [checkWindow, setCheckWindow] = useState(opened);
  const [state, setState] = useState<WindowState>(() => stateOf(opened));
  // The check's last page says it is over before it closes: its window closing then is no renter closing it.
  const over = useRef(false);
  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (event.origin === window.location.origin && typeof data === 'object' && data !== null && (data as { type?: unknown }).type === VERIFICATION_MESSAGE) over.current = true;
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    if (!checkWindow || state !== 'open') return;
    const timer = window.setInterval(() => {
      if (checkWindow.closed && !over.current) setState('closed');
    }, WINDOW_WATCH_MS);
    return () => window.clearInterval(timer);
  }, [checkWindow, state]);
  const reopen = (address: string) => {
    const again = openVerificationWindow(address);
    over.current = false;
    setCheckWindow(again);
    setState(stateOf(again));
  };
  const notice = { open: undefined, blocked: t('popupBlocked'), closed: t('verificationWindow.closed'), unknown: t('verificationWindow.unknown') }[state];
  return (
    <div role="status" aria-live="polite" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900" data-testid="payment-verifying" data-window={state}>
      <p className="flex items-center gap-3 font-semibold">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-amber-700 border-t-transparent motion-reduce:animate-none" />
        {t('verifying')}
      </p>
      {notice ? <p className="text-sm">{notice}</p> : <p className="text-sm">{t('verifyWarning')}</p>}
      {url ? (
        <Button type="button" variant={state === 'open' ? 'secondary' : 'primary'} onClick={() => reopen(url)} data-testid="verify-payment">
          {t('verifyButton')}
        </Button>
      ) : null}
    </div>
  );
}
