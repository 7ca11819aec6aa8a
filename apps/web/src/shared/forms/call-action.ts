'use client';

import { unstable_rethrow } from 'next/navigation';
import type { FormIssue } from './form-issues';

/** The form's message when the server could not be reached; what was typed stays in the form. */
export const CONNECTION_LOST: FormIssue = { message: 'booking.errors.connectionLost' };

/** A form action's refusal for an unreachable server, in the shape every form action answers. */
export function connectionLost(): { ok: false; errors: Record<string, FormIssue>; formError: FormIssue } {
  return { ok: false, errors: {}, formError: CONNECTION_LOST };
}

/**
 * Calls a server action from a component. When the call itself fails (the connection dropped, the server answered an
 * error page, a new deployment no longer knows the action), it answers `whenUnreachable()` instead of throwing: a throw
 * inside a transition hands the whole page to the error screen and loses what the renter typed. Next's own redirect
 * and not-found signals are thrown on, since an action that succeeds moves the page with them.
 */
export async function callAction<Result>(action: () => Promise<Result>, whenUnreachable: () => NoInfer<Result>): Promise<Result> {
  try {
    return await action();
  } catch (error) {
    unstable_rethrow(error);
    console.error('[action] the call did not reach the server', error);
    return whenUnreachable();
  }
}
