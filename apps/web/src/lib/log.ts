import 'server-only';
import type { Logger } from 'pino';
import { logger } from '../../logger.mjs';

/**
 * The storefront's logger for one area of the code (`payments`, `content`, ...): JSON lines on standard output, each
 * with `area`, and `reqId` while a request is handled (logger.mjs, shared with server.mjs). The only way server code
 * logs; LOG_LEVEL sets the level (src/lib/env-schema.ts). Lines carry no personal data: a reservation's number, a
 * payment's key or a gateway's reference, never a renter's name, e-mail, phone, document or card.
 */
export function logFor(area: string): Logger {
  return logger.child({ area });
}
