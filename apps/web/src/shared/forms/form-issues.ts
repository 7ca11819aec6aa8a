import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';

/**
 * A form error travels as its catalogue key and parameters (`validation.minAge` with `{ minimumAge: 21 }`), encoded in
 * react-hook-form's string `message`, and is translated where it is shown.
 */
export type FormIssue = { message: string; params?: Record<string, string | number> };

/** What a form's server action answers: done, or the issues of its fields and of the form as a whole. */
export type FormResult = { ok: true } | { ok: false; errors: Record<string, FormIssue>; formError?: FormIssue };

/** The parameters the domain's schemas put on a custom issue (`{ minimumAge: 21 }`), if any. */
export function zodIssueParams(entry: z.core.$ZodIssue): Record<string, string | number> | undefined {
  return 'params' in entry && entry.params && typeof entry.params === 'object' ? (entry.params as Record<string, string | number>) : undefined;
}

export function encodeIssue(issue: FormIssue): string {
  return JSON.stringify(issue);
}

export function decodeIssue(message: string | undefined): FormIssue | undefined {
  if (!message) return undefined;
  try {
    const value: unknown = JSON.parse(message);
    if (typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string') return value as FormIssue;
  } catch {
    // A plain message (react-hook-form's own): shown as it is.
  }
  return { message };
}

/**
 * react-hook-form's resolver for the domain's zod schemas, keeping each issue's parameters (the stock zod resolver
 * drops them, and messages like "at least {minimumAge} years" need them). The first issue of each field wins.
 */
export function domainResolver<Values extends FieldValues>(schema: z.core.$ZodType): Resolver<Values> {
  return (values) => {
    const parsed = z.safeParse(schema, values);
    if (parsed.success) return { values: parsed.data as Values, errors: {} };
    // Nested as react-hook-form keeps them (`additionalDrivers.0.birthday` → errors.additionalDrivers[0].birthday).
    const errors: Record<string, unknown> = {};
    for (const entry of parsed.error.issues) {
      const path = entry.path.length > 0 ? entry.path.map(String) : ['root'];
      const params = zodIssueParams(entry);
      setOnce(errors, path, { type: 'validation', message: encodeIssue({ message: entry.message, ...(params ? { params } : {}) }) });
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/** Puts `value` at `path` unless something is there already (the first issue of a field wins). */
function setOnce(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next !== undefined && (typeof next !== 'object' || next === null || 'message' in next)) return;
    node = (next ?? (node[key] = {})) as Record<string, unknown>;
  }
  const last = path[path.length - 1] ?? 'root';
  if (node[last] === undefined) node[last] = value;
}

/** How many fields have an error, nested ones included (a form's summary counts them). */
export function countFieldErrors(errors: object): number {
  return Object.values(errors).reduce<number>((count, entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return count;
    return count + ('message' in entry || 'type' in entry ? 1 : countFieldErrors(entry));
  }, 0);
}

/** A failed parse as a server action returns it: each field's first issue, by its dotted path (`form` for the whole). */
export function issuesByField(error: { issues: readonly z.core.$ZodIssue[] }): Record<string, FormIssue> {
  const errors: Record<string, FormIssue> = {};
  for (const entry of error.issues) {
    const params = zodIssueParams(entry);
    errors[entry.path.map(String).join('.') || 'form'] ??= { message: entry.message, ...(params ? { params } : {}) };
  }
  return errors;
}
