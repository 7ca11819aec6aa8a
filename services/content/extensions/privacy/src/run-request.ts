// The bodies of the privacy endpoints, checked: `{ request }` or `{ problem: { field, message } }` (400 naming the field).
import { checkRunEnvelope, isPlainObject, type Problem } from '../../shared/endpoint';
import type { RetentionScope } from './retention';

const SCOPE_COLLECTIONS = ['precheckins', 'job_applications', 'reservation_drafts', 'corporate_leads'] as const;

export function checkRunRequest(body: unknown, clock: Date): { request: { now: Date; only?: RetentionScope } } | { problem: Problem } {
  const envelope = checkRunEnvelope(body, clock);
  if ('problem' in envelope) return envelope;
  const { now, only: scope } = envelope;
  if (scope === undefined) return { request: { now } };
  if (!isPlainObject(scope)) return { problem: { field: 'only', message: '"only" must be an object of id lists' } };
  const only: RetentionScope = {};
  for (const [name, ids] of Object.entries(scope)) {
    if (!(SCOPE_COLLECTIONS as readonly string[]).includes(name)) return { problem: { field: `only.${name}`, message: `"only" takes ${SCOPE_COLLECTIONS.join(', ')}` } };
    if (!Array.isArray(ids) || ids.length > 1000 || !ids.every((id) => (typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && id.length <= 64))) {
      return { problem: { field: `only.${name}`, message: `"only.${name}" must be a list of at most 1000 ids` } };
    }
    only[name as keyof RetentionScope] = ids as (number | string)[];
  }
  return { request: { now, only } };
}

/** The proof of a data-rights request: the reservation number and the e-mail it was booked with. */
export interface Proof {
  reservationNumber: string;
  email: string;
  language: 'es-ES' | 'en-US' | null;
}

export function checkProof(body: unknown): { proof: Proof } | { problem: Problem } {
  if (!isPlainObject(body)) return { problem: { field: null, message: 'The body must be a JSON object { reservation_number, email, language? }' } };
  const unknown = Object.keys(body).find((name) => !['reservation_number', 'email', 'language'].includes(name));
  if (unknown) return { problem: { field: unknown, message: `"${unknown}" is not accepted here` } };
  const { reservation_number: number, email, language } = body;
  if (typeof number !== 'string' || number.trim().length < 1 || number.length > 32) return { problem: { field: 'reservation_number', message: '"reservation_number" must be a string of 1 to 32 characters' } };
  if (typeof email !== 'string' || email.trim().length < 3 || email.length > 254 || !email.includes('@')) return { problem: { field: 'email', message: '"email" must be an e-mail address' } };
  if (language !== undefined && language !== null && language !== 'es-ES' && language !== 'en-US') return { problem: { field: 'language', message: '"language" must be es-ES or en-US' } };
  return { proof: { reservationNumber: number.trim().toUpperCase(), email: email.trim(), language: language ?? null } };
}
