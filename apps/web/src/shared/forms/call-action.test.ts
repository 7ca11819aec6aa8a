import { notFound, redirect } from 'next/navigation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormIssue } from './form-issues';
import { callAction, connectionLost } from './call-action';

/** The shape every form action answers. */
type FormResult = { ok: true } | { ok: false; errors: Record<string, FormIssue>; formError?: FormIssue };

describe('calling a server action from a component', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers what the action answered', async () => {
    await expect(callAction<FormResult>(() => Promise.resolve({ ok: true }), connectionLost)).resolves.toEqual({ ok: true });
  });

  it('answers the form’s “could not reach the server” when the call fails, instead of throwing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(callAction<FormResult>(() => Promise.reject(new TypeError('Failed to fetch')), connectionLost)).resolves.toEqual({
      ok: false,
      errors: {},
      formError: { message: 'booking.errors.connectionLost' },
    });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('throws on Next’s redirect and not-found, which move the page after an action that succeeded', async () => {
    await expect(callAction<FormResult>(() => Promise.resolve().then(() => redirect('/reserva?paso=coverage')), connectionLost)).rejects.toThrow('NEXT_REDIRECT');
    await expect(callAction<FormResult>(() => Promise.resolve().then(() => notFound()), connectionLost)).rejects.toThrow('NEXT_HTTP_ERROR_FALLBACK;404');
  });
});
