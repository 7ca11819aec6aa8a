'use client';

import { useSyncExternalStore, type ButtonHTMLAttributes } from 'react';
import { buttonClass, type ButtonVariant } from './button-class';

const subscribeToNothing = () => () => {};

/** False in the server's HTML and while it hydrates, true once the page's script runs. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * A button with a variant, for client components (each one runs the page's script: a form's checks, a server action).
 * `pending` keeps it focusable but busy (screen readers hear aria-busy). It stays disabled until the script runs: a
 * click on a page still loading would be lost, and a form's submit would go to the address bar as a plain GET with
 * what was typed. Forms that must work without script (the fleet's "Reserve") use a plain button with buttonClass.
 */
export function Button({ variant = 'primary', pending = false, className = '', type = 'button', disabled, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; pending?: boolean }) {
  const hydrated = useHydrated();
  return <button type={type} aria-busy={pending || undefined} disabled={!hydrated || (disabled ?? pending)} className={buttonClass(variant, className)} {...props} />;
}
