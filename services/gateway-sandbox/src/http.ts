// Small HTTP helpers: the request as the handlers see it, replies, body parsing, ids.
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface Request {
  method: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The raw body (never logged). */
  body: Buffer;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const MAX_BODY_BYTES = 256 * 1024;

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(value),
  };
}

export function text(status: number, body: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }, body };
}

export function redirect(location: string): Reply {
  return { status: 303, headers: { location, 'cache-control': 'no-store' }, body: '' };
}

/** A JSON object parsed from the body: undefined for an empty body, null when it is not a JSON object. */
export function parseJsonObject(body: Buffer): Record<string, unknown> | undefined | null {
  const source = body.toString('utf8').trim();
  if (source === '') return undefined;
  try {
    const value: unknown = JSON.parse(source);
    return isObject(value) ? value : null;
  } catch {
    // Never pass on the parser's message: it quotes the body, which may hold a card number.
    return null;
  }
}

/** Fields of an application/x-www-form-urlencoded body. */
export function parseForm(body: Buffer): URLSearchParams {
  return new URLSearchParams(body.toString('utf8'));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The credentials of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

/** The user and password of `Authorization: Basic <base64>`, or undefined. */
export function basicCredentials(headers: IncomingHttpHeaders): { user: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomString(length: number, alphabet: string): string {
  // 256 is not a multiple of every alphabet's length: reject the bytes that would bias the choice.
  const limit = 256 - (256 % alphabet.length);
  let result = '';
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && result.length < length) result += alphabet[byte % alphabet.length];
    }
  }
  return result;
}

/** A Stripe-style id: `${prefix}_` and 24 letters and digits. */
export function stripeId(prefix: string): string {
  return `${prefix}_${randomString(24, ALPHANUMERIC)}`;
}

/** A PayPal-style id: upper-case letters and digits (17 for orders, captures and refunds, 13 for payers). */
export function paypalId(length = 17): string {
  return randomString(length, UPPER_ALPHANUMERIC);
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export function unixSeconds(date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}

/** An ISO 8601 time without milliseconds, as PayPal writes them (2026-01-31T12:00:00Z). */
export function isoSeconds(date = new Date()): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** JSON with object keys sorted, so two bodies that differ only in key order or spacing compare equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The origin of an absolute http(s) URL, or undefined. */
export function httpOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** `url` with `params` appended to its query string. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}
