import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';

/**
 * A form error travels as its catalogue key and parameters (`validation.minAge` with `{ minimumAge: 21 }`), encoded in
 * react-hook-form's string `message`, and is translated where it is shown.
 */
export type FormIssue = { message: string; params?: Record<string, string | number> };

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
    const errors: Record<string, { type: string; message: string }> = {};
    for (const entry of parsed.error.issues) {
      const path = entry.path.map(String).join('.') || 'root';
      if (errors[path]) continue;
      const params = zodIssueParams(entry);
      errors[path] = { type: 'validation', message: encodeIssue({ message: entry.message, ...(params ? { params } : {}) }) };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
