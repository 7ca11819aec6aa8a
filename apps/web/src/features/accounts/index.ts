/**
 * Corporate agents' accounts: sessions and their refresh, login and the other account pages (the CSRF check that
 * guards a session is the edge's: lib/edge/cross-site.ts). Other code uses this feature through this file only.
 */
export { accountEmailCallback } from './account-emails-endpoint';
export { accountMetadata, queryText } from './account-route';
export type { AccountPageProps } from './account-route';
export { ACCOUNT_PATHS, isProtectedAccountPath, loginPathFor } from './account-routes';
export { AccountForm } from './components/account-form';
export { Frame, LINK_CLASS, LogoutButton, Notice, requireAgent } from './pages/account-frame';
export { ChoosePasswordPage } from './pages/choose-password-page';
export { LoginPage } from './pages/login-page';
export { PasswordRequestPage } from './pages/password-request-page';
export { RegisterPage } from './pages/register-page';
export { VerifyPage } from './pages/verify-page';
export { clearSession, currentAgent, isAccessExpired, readStoredSession, writeSession } from './session';
export { applyToRequest, applyToResponse, keepSessionFresh } from './session-refresh';
export type { SessionRefresh } from './session-refresh';
