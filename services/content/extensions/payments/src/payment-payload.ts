// What POST /payments-ledger accepts: one payment attempt, or a new state of it, named by its idempotency key. A problem
// is reported as { field, message }; a value that looks like a card number is refused before anything is named back.
import { isCents } from '@rentacar/domain/money';
import { looksLikeCardNumber, PAYMENT_KINDS, PAYMENT_STATUSES, type PaymentKind, type PaymentStatus } from '@rentacar/domain/payments';
import { isPlainObject, positiveInt, type Problem } from '../../shared/endpoint';

/** A payment as the caller describes it, every field present (null when not given). */
export interface PaymentPayload {
  idempotency_key: string;
  reservation: number;
  provider: string;
  kind: PaymentKind;
  amount: number;
  currency: 'USD';
  status: PaymentStatus;
  provider_reference: string | null;
  provider_capture: string | null;
  payment_method: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_expiry: string | null;
  failure_code: string | null;
  failure_reason: string | null;
  refund_of: number | null;
}

type Checked = { value: unknown } | { problem: string };
type Check = (value: unknown) => Checked;

const GATEWAY_ID = /^[\x21-\x7e]{1,255}$/; // printable ASCII, no spaces

const id: Check = (value) => {
  const n = positiveInt(value) ?? value;
  return Number.isSafeInteger(n) && (n as number) >= 1 ? { value: n } : { problem: 'must be an id (an integer >= 1)' };
};
const text = (max: number, { pattern, hint }: { pattern?: RegExp; hint?: string } = {}): Check => (value) => {
  if (typeof value !== 'string' || value.length < 1 || value.length > max) return { problem: `must be a string of 1 to ${max} characters` };
  if (pattern && !pattern.test(value)) return { problem: hint ?? 'is malformed' };
  return { value };
};
const oneOf = (choices: readonly string[]): Check => (value) =>
  (typeof value === 'string' && choices.includes(value) ? { value } : { problem: `must be one of ${choices.join(', ')}` });

const FIELDS: Record<keyof PaymentPayload, { required?: true; def?: unknown; check: Check }> = {
  idempotency_key: { required: true, check: text(255) },
  reservation: { required: true, check: id },
  provider: { required: true, check: text(64, { pattern: /^[a-z][a-z0-9_-]*$/, hint: 'must be the gateway\'s name in lower case (metrobank, paypal, ...)' }) },
  kind: { def: 'charge', check: oneOf(PAYMENT_KINDS) },
  amount: { required: true, check: (v) => (isCents(v) && v > 0 ? { value: v } : { problem: 'must be integer cents > 0' }) },
  currency: { def: 'USD', check: oneOf(['USD']) },
  status: { required: true, check: oneOf(PAYMENT_STATUSES) },
  provider_reference: { check: text(255, { pattern: GATEWAY_ID, hint: 'must be the gateway\'s id (printable characters, no spaces)' }) },
  provider_capture: { check: text(255, { pattern: GATEWAY_ID, hint: 'must be the gateway\'s capture id (printable characters, no spaces)' }) },
  payment_method: { check: text(255, { pattern: GATEWAY_ID, hint: 'must be the gateway\'s payment-method token (printable characters, no spaces)' }) },
  card_brand: { check: text(32) },
  card_last4: { check: text(4, { pattern: /^[0-9]{4}$/, hint: 'must be exactly 4 digits' }) },
  card_expiry: { check: text(5, { pattern: /^(0[1-9]|1[0-2])\/[0-9]{2}$/, hint: 'must be MM/YY' }) },
  failure_code: { check: text(255) },
  failure_reason: { check: text(500) },
  refund_of: { check: id },
};

/** The columns a caller writes, in the order of a row. */
export const PAYMENT_INPUT_FIELDS = Object.keys(FIELDS) as (keyof PaymentPayload)[];

const SET_BY_SERVICE = new Set(['id', 'date_created', 'date_updated', 'settled_at', 'reservation_conflict', 'refunds']);

const isField = (name: string): name is keyof PaymentPayload => Object.hasOwn(FIELDS, name);

function holdsCardNumber(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsCardNumber);
  if (isPlainObject(value)) return Object.values(value).some(holdsCardNumber);
  return looksLikeCardNumber(value);
}

/** Checks the body of POST /payments-ledger. Returns { payload } or { problem: { field, message } }. */
export function checkPayment(body: unknown): { payload: PaymentPayload } | { problem: Problem } {
  if (!isPlainObject(body)) return { problem: { field: null, message: 'The body must be a JSON object describing the payment' } };
  // First, before anything is named back: no card data, in any field (its value is never repeated).
  for (const [name, value] of Object.entries(body)) {
    if (holdsCardNumber(value)) {
      return { problem: { field: name, message: `"${name}" looks like a card number: send the gateway's token and the last four digits, never card data` } };
    }
  }
  const given: Partial<Record<keyof PaymentPayload, unknown>> = {};
  for (const [name, value] of Object.entries(body)) {
    if (SET_BY_SERVICE.has(name)) return { problem: { field: name, message: `"${name}" is set by the content service` } };
    if (!isField(name)) return { problem: { field: name, message: `"${name}" is not a field of a payment` } };
    const def = FIELDS[name];
    // null, or an empty string for an optional field: not given.
    if (value === undefined || value === null || (value === '' && !def.required)) continue;
    const checked = def.check(value);
    if ('problem' in checked) return { problem: { field: name, message: `"${name}" ${checked.problem}` } };
    given[name] = checked.value;
  }
  for (const name of PAYMENT_INPUT_FIELDS) {
    if (given[name] !== undefined) continue;
    const def = FIELDS[name];
    if (def.required) return { problem: { field: name, message: `"${name}" is required` } };
    given[name] = def.def ?? null;
  }
  // Every field is now present and checked against its own rule.
  const payload = given as PaymentPayload;
  if (payload.kind === 'refund' && payload.refund_of === null) return { problem: { field: 'refund_of', message: 'A refund needs "refund_of": the id of the charge it returns money from' } };
  if (payload.kind === 'charge' && payload.refund_of !== null) return { problem: { field: 'refund_of', message: '"refund_of" is for refunds only' } };
  return { payload };
}
