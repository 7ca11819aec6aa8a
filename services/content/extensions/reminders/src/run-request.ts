// The body of POST /reminders/run, checked: `{ request }` or `{ problem: { field, message } }` (400 naming the field).
import { checkRunEnvelope, type Problem } from '../../shared/endpoint';

const MAX_NUMBERS = 100;

export function checkRunRequest(body: unknown, clock: Date): { request: { now: Date; only?: string[] } } | { problem: Problem } {
  const envelope = checkRunEnvelope(body, clock);
  if ('problem' in envelope) return envelope;
  const { now, only: numbers } = envelope;
  if (numbers === undefined) return { request: { now } };
  if (!Array.isArray(numbers) || numbers.length > MAX_NUMBERS || !numbers.every((n) => typeof n === 'string' && n.trim().length >= 1 && n.length <= 32)) {
    return { problem: { field: 'only', message: `"only" must be a list of at most ${MAX_NUMBERS} reservation numbers` } };
  }
  return { request: { now, only: (numbers as string[]).map((n) => n.trim().toUpperCase()) } };
}
