// The body of POST /reminders/run, checked: `{ request }` or `{ problem: { field, message } }` (400 naming the field).
import { isPlainObject, type Problem } from '../../shared/endpoint';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_NUMBERS = 100;

export function checkRunRequest(body: unknown, clock: Date): { request: { now: Date; only?: string[] } } | { problem: Problem } {
  const value: unknown = body ?? {};
  if (!isPlainObject(value)) return { problem: { field: null, message: 'The body must be a JSON object { now?, only? }' } };
  const unknown = Object.keys(value).find((name) => name !== 'now' && name !== 'only');
  if (unknown) return { problem: { field: unknown, message: `"${unknown}" is not accepted here (only "now" and "only")` } };
  let now = clock;
  if (value.now !== undefined) {
    const parsed = typeof value.now === 'string' && ISO_INSTANT.test(value.now) ? new Date(value.now) : null;
    if (!parsed || Number.isNaN(parsed.getTime())) return { problem: { field: 'now', message: '"now" must be an ISO instant with its offset, e.g. 2030-01-01T00:00:00Z' } };
    now = parsed;
  }
  if (value.only === undefined) return { request: { now } };
  const numbers = value.only;
  if (!Array.isArray(numbers) || numbers.length > MAX_NUMBERS || !numbers.every((n) => typeof n === 'string' && n.trim().length >= 1 && n.length <= 32)) {
    return { problem: { field: 'only', message: `"only" must be a list of at most ${MAX_NUMBERS} reservation numbers` } };
  }
  return { request: { now, only: (numbers as string[]).map((n) => n.trim().toUpperCase()) } };
}
