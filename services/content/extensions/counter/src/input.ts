// What the counter endpoints accept (docs/counter.md): the actions' bodies are the domain's zod schemas
// (`COUNTER_ACTIONS[action].input`, strict: an unknown field is refused), the collection claim's is below, and the
// refusal is worded as the booking API words it (400 INVALID_PAYLOAD naming the field).
import { COLLECT_METHODS } from '@rentacar/domain/rentals';
import { z } from 'zod';
import type { Problem } from '../../shared/endpoint';

/** The way the return's charges are being collected (`POST`/`DELETE /counter/reservations/:number/collection`). */
export const collectionInput = z.strictObject({ method: z.enum(COLLECT_METHODS) });

/** A zod schema, of the domain's zod or this service's (both 4.x: the same `safeParse` and issues). */
type Schema<T> = { safeParse(body: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } } };
type Issue = { code: string; message: string; path: readonly PropertyKey[]; keys?: readonly string[] };

/** The body parsed by `schema`, or the first problem (the field it concerns, null for the body as a whole). */
export function parseBody<T>(schema: Schema<T>, body: unknown): { value: T } | { problem: Problem } {
  const result = schema.safeParse(body ?? {});
  if (result.success) return { value: result.data };
  const issue = result.error.issues[0];
  if (issue === undefined) return { problem: { field: null, message: 'Invalid body' } };
  const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys?.[0] : undefined;
  const field = unknownKey ?? (issue.path.length > 0 ? issue.path.map(String).join('.') : null);
  const message = unknownKey === undefined ? `${field ?? 'body'}: ${issue.message}` : `"${unknownKey}" is not accepted here`;
  return { problem: { field, message } };
}
