import type { ServerResponse } from 'node:http';

const STATIC_PREFIX = '/_next/static/';
const ALLOWED = 'GET, HEAD, OPTIONS';

/**
 * Next's build files (`/_next/static/...`) are read with GET or HEAD; Next answers any other method there with a 500,
 * which says the server broke when the client asked for something that does not exist. Here an OPTIONS (a browser's
 * CORS preflight, e.g. for a font the card gateway's frame loads: response-headers.ts, crossOriginReaderFor) gets 204
 * with the methods allowed, and any other method 405. Answers true when it answered the request itself.
 */
export function answerStaticFileMethod(method: string | undefined, pathname: string, response: ServerResponse): boolean {
  if (!pathname.startsWith(STATIC_PREFIX) || method === 'GET' || method === 'HEAD') return false;
  response.setHeader('Allow', ALLOWED);
  if (method === 'OPTIONS') {
    response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
    response.setHeader('Access-Control-Max-Age', '86400');
    response.statusCode = 204;
    response.end();
    return true;
  }
  response.statusCode = 405;
  response.setHeader('Content-Type', 'text/plain; charset=utf-8');
  response.end(`${method ?? 'This method'} is not allowed here: a build file is read with GET or HEAD`);
  return true;
}
