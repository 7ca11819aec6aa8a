export { apiLocale, errorResponse, parseBody, parseJsonBody, rateLimited, unknownApiPath, withBookingErrors } from './api-answers';
