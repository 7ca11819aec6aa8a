/**
 * The error screens and the early refusals of addresses and action bodies that cannot be read. Other code uses this
 * feature through this file only.
 */
export { ErrorScreen } from './error-screen';
export { FALLBACK_ERROR_TEXTS } from './fallback-error-texts';
export { isMalformedPath, malformedPathResponse } from './malformed-address';
export { NOT_FOUND_PATH_PLACEHOLDER } from './not-found-path';
export { hasUnreadableActionBody, isServerActionRequest, unreadableActionResponse } from './unreadable-action';
export { useErrorScreen } from './use-error-screen';
