/** Online pre-check-in: its pages, documents, session and flow. Other code uses this feature through this file only. */
export { documentReference, MAX_UPLOAD_BODY_BYTES } from './precheckin-documents';
export { completePrecheckin, precheckinState } from './precheckin-flow';
export { PrecheckinCheckout } from './pages/checkout-page';
export { PrecheckinPreferences } from './pages/preferences-page';
export { PrecheckinStart } from './pages/start-page';
export { PrecheckinThanks } from './pages/thanks-page';
export { PrecheckinVerify } from './pages/verify-page';
export { DIRECT_ACCESS_ORDER, PRECHECKIN_PATHS } from './precheckin-paths';
export { reachFlowStep, readPrecheckinSessionId } from './precheckin-session';
