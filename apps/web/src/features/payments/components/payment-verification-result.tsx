'use client';

import { useEffect } from 'react';
import { VERIFICATION_MESSAGE } from './use-payment-polling';

const CLOSE_AFTER_MS = 1500;

/** Tells the checkout in the opener window that the check is over (it then asks the server), and closes this one. */
export function PaymentVerificationResult({ result, text }: { result: 'paid' | 'failed' | 'pending'; text: string }) {
  useEffect(() => {
    const opener = window.opener as Window | null;
    opener?.postMessage({ type: VERIFICATION_MESSAGE, result }, window.location.origin);
    if (result === 'pending' || !opener) return;
    const timer = window.setTimeout(() => window.close(), CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [result]);
  return (
    <p role="status" className="text-slate-800" data-testid="verification-result" data-result={result}>
      {text}
    </p>
  );
}
