export { documentReference, MAX_UPLOAD_BODY_BYTES } from './precheckin-documents';
export { completePrecheckin, precheckinState } from './precheckin-flow';
export { PrecheckinCheckout, PrecheckinPreferences, PrecheckinStart, PrecheckinThanks, PrecheckinVerify } from './precheckin-pages';
export { DIRECT_ACCESS_ORDER, PRECHECKIN_PATHS } from './precheckin-paths';
export { reachFlowStep, readPrecheckinSessionId } from './precheckin-session';
