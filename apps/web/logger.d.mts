import type { Logger } from 'pino';

export const LOG_LEVELS: readonly ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export const REQUEST_ID_PATTERN: RegExp;
export function newRequestId(): string;
export const logger: Logger;
export function runWithRequestId<Result>(id: string, work: () => Result): Result;
export function currentRequestId(): string | undefined;
export function outsideRequests<Result>(work: () => Result): Result;
