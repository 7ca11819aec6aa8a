'use client';

import { useState, useTransition, type ReactNode } from 'react';
import { Button } from './button';
import type { FormIssue } from './form-issues';
import { FormAlert } from './form-alert';
import { callAction, connectionLost } from './call-action';

export type ActionButtonResult = { ok: true } | { ok: false; formError?: FormIssue; errors?: Record<string, FormIssue> };

const FALLBACK: FormIssue = { message: 'booking.errors.serviceUnavailable' };

/**
 * A button that runs one server action (confirm the booking, finish the pre-check-in): busy while it runs, and the
 * action's refusal announced above it. The action moves the page on itself (a redirect) when it succeeds.
 */
export function ActionButton({ action, children, pendingLabel, className, testId }: { action: () => Promise<ActionButtonResult>; children: ReactNode; pendingLabel?: ReactNode; className?: string; testId?: string }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<FormIssue>();
  return (
    <div className="space-y-3">
      <FormAlert issue={error} errorCount={0} />
      <Button
        type="button"
        pending={pending}
        className={className}
        data-testid={testId}
        onClick={() =>
          startTransition(async () => {
            setError(undefined);
            const result = await callAction(action, connectionLost);
            if (!result.ok) setError(result.formError ?? Object.values(result.errors ?? {})[0] ?? FALLBACK);
          })
        }
      >
        {pending && pendingLabel ? pendingLabel : children}
      </Button>
    </div>
  );
}
