/**
 * The fields of a plain form's submission to a server action. Anyone can call an action with any arguments, not only
 * the form's FormData: anything else has no fields, and the action's schema reports them missing instead of crashing.
 */
export function formFields(submission: unknown): Record<string, unknown> {
  return submission instanceof FormData ? Object.fromEntries(submission) : {};
}
