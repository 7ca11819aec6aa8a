import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { serverEnv } from './env';

/**
 * Values the browser keeps for us but must not forge (a draft's id, the reservation being managed): `<value>.<HMAC>`
 * with SESSION_SECRET. `purpose` keeps a value signed for one cookie from being accepted by another.
 */
function signature(purpose: string, value: string): string {
  return createHmac('sha256', serverEnv().sessionSecret).update(`${purpose}:${value}`).digest('base64url');
}

export function signValue(purpose: string, value: string): string {
  return `${value}.${signature(purpose, value)}`;
}

/** The value of a signed string whose signature holds, else undefined. */
export function verifySignedValue(purpose: string, signed: string | undefined): string | undefined {
  if (!signed) return undefined;
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(signature(purpose, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}
