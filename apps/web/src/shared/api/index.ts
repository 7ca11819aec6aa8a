/**
 * The public JSON API's edges: errors in its shape and the caller's language, the one body reader, rate-limited
 * answers. Other code uses this feature through this file only.
 */
export { apiLocale, bodyChunks, errorResponse, JSON_BODY_LIMIT_BYTES, parseBody, parseJsonBody, rateLimited, readJsonBody, unknownApiPath, withBookingErrors } from './api-answers';
