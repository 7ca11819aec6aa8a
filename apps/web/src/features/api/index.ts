export { apiLocale, bodyChunks, errorResponse, JSON_BODY_LIMIT_BYTES, parseBody, parseJsonBody, rateLimited, readJsonBody, unknownApiPath, withBookingErrors } from './api-answers';
