import { countContentServiceError } from '@/lib/metrics';
import { logFor } from '@/lib/log';

const log = logFor('content');

/** A failed content-service request, with what callers and logs need: status code, status text and body. */
export class ContentServiceError extends Error {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly body: unknown;

  constructor(message: string, statusCode: number, statusMessage: string, body: unknown) {
    super(message);
    this.name = 'ContentServiceError';
    this.statusCode = statusCode;
    this.statusMessage = statusMessage;
    this.body = body;
  }
}

type SdkFailure = { errors?: unknown; response?: Response };

function isSdkFailure(error: unknown): error is SdkFailure {
  return typeof error === 'object' && error !== null && 'response' in error;
}

/**
 * Normalises whatever the SDK or fetch threw into a ContentServiceError and logs status and status text, unless the
 * status is one the caller expects (`quietStatuses`: a record looked up by its proof and not found is no failure).
 */
export function toContentServiceError(error: unknown, what: string, quietStatuses: readonly number[] = []): ContentServiceError {
  if (error instanceof ContentServiceError) return error;
  if (isSdkFailure(error) && error.response instanceof Response) {
    const { status, statusText } = error.response;
    if (!quietStatuses.includes(status)) log.error({ status }, `${what} failed: ${status} ${statusText}`);
    // A 4xx is the content service's answer (sold out, a wrong password, no such record); a 5xx is its failure.
    if (status >= 500) countContentServiceError(status);
    return new ContentServiceError(`${what} failed: ${status} ${statusText}`, status, statusText, error.errors ?? null);
  }
  const reason = error instanceof Error ? error.message : String(error);
  log.error({ status: 503 }, `${what} failed: 503 Content service unreachable (${reason})`);
  countContentServiceError('unreachable');
  return new ContentServiceError(`${what} failed: ${reason}`, 503, 'Content service unreachable', null);
}
