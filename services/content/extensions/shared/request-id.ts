// The id of the storefront's request a call serves (X-Request-Id: nginx's $request_id, or the storefront's own), as
// the content service's log lines carry it (docs/operations.md, "Following one request").

/** The shape the storefront passes on (apps/web/logger.mjs, REQUEST_ID_PATTERN): nothing that could break a line. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** The X-Request-Id a caller sent, when it is well formed; else undefined (the line simply carries none). */
export function requestIdOf(sent: unknown): string | undefined {
  return typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : undefined;
}

/** The fields a line about this request adds: `reqId`, when the caller named the request. */
export function requestFields(headers: Record<string, unknown>): { reqId?: string } {
  const reqId = requestIdOf(headers['x-request-id']);
  return reqId === undefined ? {} : { reqId };
}
