/**
 * Every cookie the storefront sets, with its attributes, in one place.
 * Used by the proxy (Node runtime) and by server code; holds no secrets.
 */
const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

export const LOCALE_COOKIE = {
  name: 'i18n_redirected',
  maxAge: YEAR_IN_SECONDS,
  path: '/',
  sameSite: 'lax',
} as const;

export const LANGUAGE_COOKIE = {
  name: 'language',
  maxAge: YEAR_IN_SECONDS,
  path: '/',
  sameSite: 'lax',
} as const;

/** The renter's reservation draft: survives refresh and back button; read by the reservation guards. */
export const RESERVATION_DRAFT_COOKIE = {
  name: 'reservation_draft',
  maxAge: 2 * 24 * 60 * 60,
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
} as const;

/** Marks a pre-check-in session found by reservation number and email. */
export const PRECHECKIN_SESSION_COOKIE = {
  name: 'precheckin_session',
  maxAge: 2 * 60 * 60,
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
} as const;

/** Set by the step before a page that must not be opened directly (prevent-direct-access). */
export const FLOW_STEP_COOKIE = {
  name: 'flow_step',
  maxAge: 30 * 60,
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
} as const;
