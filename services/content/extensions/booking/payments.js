// Payments recorded exactly once (docs/content-model.md, "Booking endpoint": POST /booking/payments and
// POST /booking/holds/expire).
//
// The storefront reports every payment attempt (a card charge, a PayPal order, a refund) and each new state of it with
// an idempotency key. One transaction finds the row by that key, inserts or moves it forward, and, when a charge
// succeeds, marks its reservation paid; the reservation row is locked first (PostgreSQL: SELECT ... FOR UPDATE; SQLite:
// the writer's queue and write lock, see transactions.js), so every call about the payments of one reservation runs
// one at a time and exactly one of N identical calls sees the change. The rows are written through Directus'
// ItemsService with the caller's identity (the activity log and revisions name the storefront user) but without a
// permission on `payments`: the Storefront policy only reads them, so this endpoint is the one way to write them.
import { isDirectusError } from '@directus/errors';
import { BRANDS } from '../../schema/model.mjs';
import { bookingRules, holdsUnit, normalizeLocal, occupiedUnits, OCCUPANCY_FIELDS } from './occupancy.js';

export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'];
const FINAL = new Set(['succeeded', 'failed', 'canceled']);
// How far along a status is: a payment moves only to a later stage, and never out of the last.
const STAGE = { pending: 0, requires_action: 1, succeeded: 2, failed: 2, canceled: 2 };
// Payments that have taken the money or may still take it: a reservation with one keeps its hold (holds/expire), and a
// refund in one of these states counts against its charge.
const LIVE = ['pending', 'requires_action', 'succeeded'];

// Columns of a payment, as answered.
export const PAYMENT_FIELDS = [
  'id', 'reservation', 'kind', 'provider', 'status', 'amount', 'currency', 'idempotency_key', 'provider_reference',
  'provider_capture', 'payment_method', 'card_brand', 'card_last4', 'card_expiry', 'failure_code', 'failure_reason',
  'refund_of', 'reservation_conflict', 'date_created', 'date_updated', 'settled_at',
];
const RESERVATION_FIELDS = ['id', 'reservation_number', 'status', 'payment_type', 'reservation_type', 'total'];
// The gateway's ids of a payment: once set, a different value is a different payment (409).
const REFERENCES = ['provider_reference', 'provider_capture', 'payment_method'];
// What the card looked like: filled when empty, never replaced.
const CARD_DETAILS = ['card_brand', 'card_last4', 'card_expiry'];
// Why it did not succeed: kept with any other status than succeeded.
const FAILURE_DETAILS = ['failure_code', 'failure_reason'];

// A row without a status (written before this endpoint existed) counts as pending.
export const canMove = (from, to) => !FINAL.has(from) && STAGE[to] > (STAGE[from] ?? 0);

// ---------------------------------------------------------------------------------------------------------------
// The request body
// ---------------------------------------------------------------------------------------------------------------

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const GATEWAY_ID = /^[\x21-\x7e]{1,255}$/; // printable ASCII, no spaces

function id(value) {
  const n = typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : value;
  return Number.isSafeInteger(n) && n >= 1 ? { value: n } : { problem: 'must be an id (an integer >= 1)' };
}
const text = (max, { pattern, hint } = {}) => (value) => {
  if (typeof value !== 'string' || value.length < 1 || value.length > max) return { problem: `must be a string of 1 to ${max} characters` };
  if (pattern && !pattern.test(value)) return { problem: hint };
  return { value };
};
const oneOf = (choices) => (value) => (choices.includes(value) ? { value } : { problem: `must be one of ${choices.join(', ')}` });

const FIELDS = {
  idempotency_key: { required: true, check: text(255) },
  reservation: { required: true, check: id },
  provider: { required: true, check: text(64, { pattern: /^[a-z][a-z0-9_-]*$/, hint: 'must be the gateway\'s name in lower case (metrobank, paypal, ...)' }) },
  kind: { def: 'charge', check: oneOf(['charge', 'refund']) },
  amount: { required: true, check: (v) => (Number.isSafeInteger(v) && v > 0 ? { value: v } : { problem: 'must be integer cents > 0' }) },
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
const SET_BY_SERVICE = new Set(['id', 'date_created', 'date_updated', 'settled_at', 'reservation_conflict', 'refunds']);

// Card numbers as people write them: 4-4-4-4 and 4-4-4-4-3 (most cards), 4-6-5 (Amex), 4-6-4 (Diners).
const CARD_LAYOUTS = new Set(['4,4,4,4', '4,4,4,4,3', '4,6,5', '4,6,4']);

function passesLuhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Does this value look like a card number? A run of 13 to 19 digits does, whatever it is (longer runs do not); so do
 * digits grouped as on a card ("4242 4242 4242 4242", "3782-822463-10005") that pass the Luhn check. Grouped digits are
 * held to the card layouts, to Luhn, and to standing apart from letters, so that a UUID is never mistaken for one.
 */
export function looksLikeCardNumber(value) {
  const string = typeof value === 'number' ? String(value) : value;
  if (typeof string !== 'string') return false;
  for (const run of string.matchAll(/[0-9]+/g)) {
    if (run[0].length >= 13 && run[0].length <= 19) return true;
  }
  // Grouped digits standing on their own (not glued to letters, as the groups of a UUID are).
  for (const run of string.matchAll(/(?<![0-9A-Za-z])[0-9]+(?:[ -][0-9]+)+(?![0-9A-Za-z])/g)) {
    const groups = run[0].split(/[ -]/);
    if (CARD_LAYOUTS.has(groups.map((g) => g.length).join(',')) && passesLuhn(groups.join(''))) return true;
  }
  return false;
}

function holdsCardNumber(value) {
  if (Array.isArray(value)) return value.some(holdsCardNumber);
  if (isPlainObject(value)) return Object.values(value).some(holdsCardNumber);
  return looksLikeCardNumber(value);
}

/** Checks the body of POST /booking/payments. Returns { payload } or { problem: { field, message } }. */
export function checkPayment(body) {
  if (!isPlainObject(body)) return { problem: { field: null, message: 'The body must be a JSON object describing the payment' } };
  // First, before anything is named back: no card data, in any field (its value is never repeated).
  for (const [name, value] of Object.entries(body)) {
    if (holdsCardNumber(value)) {
      return { problem: { field: name, message: `"${name}" looks like a card number: send the gateway's token and the last four digits, never card data` } };
    }
  }
  const payload = {};
  for (const [name, value] of Object.entries(body)) {
    if (SET_BY_SERVICE.has(name)) return { problem: { field: name, message: `"${name}" is set by the content service` } };
    const def = FIELDS[name];
    if (!def) return { problem: { field: name, message: `"${name}" is not a field of a payment` } };
    // null, or an empty string for an optional field: not given.
    if (value === undefined || value === null || (value === '' && !def.required)) continue;
    const checked = def.check(value);
    if ('problem' in checked) return { problem: { field: name, message: `"${name}" ${checked.problem}` } };
    payload[name] = checked.value;
  }
  for (const [name, def] of Object.entries(FIELDS)) {
    if (payload[name] !== undefined) continue;
    if (def.required) return { problem: { field: name, message: `"${name}" is required` } };
    payload[name] = def.def ?? null;
  }
  if (payload.kind === 'refund' && payload.refund_of === null) return { problem: { field: 'refund_of', message: 'A refund needs "refund_of": the id of the charge it returns money from' } };
  if (payload.kind === 'charge' && payload.refund_of !== null) return { problem: { field: 'refund_of', message: '"refund_of" is for refunds only' } };
  return { payload };
}

// ---------------------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------------------

/**
 * Adds POST /payments and POST /holds/expire to the booking router. `handle` wraps a route (busy database -> 503),
 * `writer` is the booking extension's transaction writer (transactions.js).
 */
export function paymentRoutes(router, { ItemsService, database, writer, handle, errorBody, invalid }) {
  const notFound = (res, message) => res.status(404).json(errorBody(message, { code: 'NOT_FOUND' }));

  router.post('/payments', handle(async (req, res) => {
    const checked = checkPayment(req.body);
    if (checked.problem) return invalid(res, checked.problem.field, checked.problem.message);
    const payment = checked.payload;
    const record = () => writer.transaction((trx) => recordPayment(trx, req, payment));

    let outcome;
    try {
      outcome = await record();
    } catch (error) {
      // The same key for two reservations at once (PostgreSQL: they lock different rows): the key's unique index stops
      // the second once the first commits; run again, it finds the first (and answers 409, another reservation). Any
      // other unique value (a provider_reference already used by another payment) is Directus' 400 RECORD_NOT_UNIQUE.
      if (!isDirectusError(error, 'RECORD_NOT_UNIQUE')) throw error;
      if (!(await database('payments').select('id').where({ idempotency_key: payment.idempotency_key }).first())) throw error;
      outcome = await record();
    }
    if (outcome.notFound) return notFound(res, outcome.notFound);
    if (outcome.conflict) {
      return res.status(409).json(errorBody(outcome.conflict.message, { code: 'IDEMPOTENCY_MISMATCH', field: outcome.conflict.field }));
    }
    if (outcome.unprocessable) {
      const { code, field, message } = outcome.unprocessable;
      return res.status(422).json(errorBody(message, { code, field }));
    }
    const data = { payment: outcome.payment, changed: outcome.changed, reservation: outcome.reservation };
    if (outcome.payment.reservation_conflict) data.reservation_conflict = outcome.payment.reservation_conflict;
    return res.status(outcome.inserted ? 201 : 200).json({ data });
  }));

  router.post('/holds/expire', handle(async (req, res) => {
    const body = req.body ?? {};
    if (!isPlainObject(body)) return invalid(res, null, 'The body must be a JSON object { brand? }');
    const unknown = Object.keys(body).find((name) => name !== 'brand');
    if (unknown) return invalid(res, unknown, `"${unknown}" is not accepted here (only "brand")`);
    const brand = body.brand ?? null;
    if (brand !== null && !BRANDS.includes(brand)) return invalid(res, 'brand', `"brand" must be one of ${BRANDS.join(', ')}`);

    const fields = ['id', 'reservation_number', 'brand', 'status', 'reservation_type', 'date_created'];
    const candidates = await new ItemsService('reservations', { knex: database, schema: req.schema }).readByQuery({
      filter: { _and: [{ reservation_type: { _eq: 'prepaid' } }, { status: { _eq: 'unpaid' } }, ...(brand ? [{ brand: { _eq: brand } }] : [])] },
      fields, sort: ['id'], limit: -1,
    });
    const rulesOf = new Map();
    const expired = [];
    for (const candidate of candidates) {
      if (!rulesOf.has(candidate.brand)) rulesOf.set(candidate.brand, await bookingRules(database, candidate.brand));
      const rules = rulesOf.get(candidate.brand);
      if (holdsUnit(candidate, rules, Date.now())) continue;
      // One short transaction each, on the locked row: a payment call on the same reservation runs before or after it,
      // and a payment it records (pending or better) keeps the reservation.
      const released = await writer.transaction(async (trx) => {
        if (!(await writer.lockReservation(trx, candidate.id))) return false;
        const [row] = await new ItemsService('reservations', { knex: trx, schema: req.schema })
          .readByQuery({ filter: { id: { _eq: candidate.id } }, fields, limit: 1 });
        if (!row || row.status !== 'unpaid' || row.reservation_type !== 'prepaid' || holdsUnit(row, rules, Date.now())) return false;
        if (await trx('payments').select('id').where({ reservation: candidate.id }).whereIn('status', LIVE).first()) return false;
        await new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: req.accountability })
          .updateOne(candidate.id, { status: 'cancelled', cancelled_at: new Date().toISOString() });
        return true;
      });
      if (released) expired.push({ id: Number(candidate.id), reservation_number: candidate.reservation_number });
    }
    return res.status(200).json({ data: { expired } });
  }));

  /** One call of POST /payments, inside its transaction. */
  async function recordPayment(trx, req, p) {
    if (!(await writer.lockReservation(trx, p.reservation))) return { notFound: `No reservation with id ${p.reservation}` };
    // Written with the caller's identity but the endpoint's own rights: the Storefront policy has no write on payments.
    const payments = new ItemsService('payments', { knex: trx, schema: req.schema, accountability: { ...req.accountability, admin: true } });
    const now = new Date();
    const existing = await trx('payments').select(PAYMENT_FIELDS.filter((f) => !f.startsWith('date_') && f !== 'settled_at'))
      .where({ idempotency_key: p.idempotency_key }).first();

    let paymentId;
    let inserted = false;
    let changed = false;
    if (!existing) {
      if (p.kind === 'refund') {
        const problem = await refundProblem(trx, p);
        if (problem) return { unprocessable: problem };
      }
      const row = Object.fromEntries(Object.keys(FIELDS).map((name) => [name, p[name]]));
      // Why it failed is no part of a succeeded payment.
      if (p.status === 'succeeded') for (const name of FAILURE_DETAILS) row[name] = null;
      if (FINAL.has(p.status)) row.settled_at = now.toISOString();
      if (p.kind === 'charge' && p.status === 'succeeded') row.reservation_conflict = await settleReservation(trx, req, p, now);
      paymentId = await payments.createOne(row);
      inserted = true;
      changed = true;
    } else {
      const mismatch = identityMismatch(existing, p);
      if (mismatch) return { conflict: mismatch };
      const update = {};
      for (const name of REFERENCES) {
        if (p[name] === null) continue;
        if (existing[name] === null || existing[name] === undefined || existing[name] === '') update[name] = p[name];
        else if (existing[name] !== p[name]) {
          return { conflict: { field: name, message: `This payment's "${name}" is already set to another value: a different gateway payment needs its own idempotency_key` } };
        }
      }
      for (const name of CARD_DETAILS) if (p[name] !== null && !existing[name]) update[name] = p[name];
      if (canMove(existing.status, p.status)) {
        update.status = p.status;
        if (p.status !== 'succeeded') for (const name of FAILURE_DETAILS) if (p[name] !== null) update[name] = p[name];
        if (FINAL.has(p.status)) update.settled_at = now.toISOString();
        if (existing.kind === 'charge' && p.status === 'succeeded') update.reservation_conflict = await settleReservation(trx, req, p, now);
        changed = true;
      } else if (p.status === existing.status) {
        // The same state reported again: it may bring what the first report lacked.
        if (p.status !== 'succeeded') for (const name of FAILURE_DETAILS) if (p[name] !== null && !existing[name]) update[name] = p[name];
      }
      // Otherwise an older or a later-but-final-already status: ignored, the stored state is the answer.
      if (Object.keys(update).length > 0) await payments.updateOne(existing.id, update);
      paymentId = existing.id;
    }

    const stored = await new ItemsService('payments', { knex: trx, schema: req.schema }).readOne(paymentId, { fields: PAYMENT_FIELDS });
    const reservation = await trx('reservations').select(RESERVATION_FIELDS).where({ id: p.reservation }).first();
    return {
      inserted,
      changed,
      payment: stored,
      reservation: { ...reservation, id: Number(reservation.id), total: reservation.total === null ? null : Number(reservation.total) },
    };
  }

  /**
   * A charge has just succeeded: its reservation is paid, unless it was cancelled, or it is a prepaid one whose payment
   * hold ran out and whose car has been taken meanwhile. Returns that conflict ('cancelled' | 'sold_out') or null.
   */
  async function settleReservation(trx, req, p, now) {
    const [reservation] = await new ItemsService('reservations', { knex: trx, schema: req.schema })
      .readByQuery({ filter: { id: { _eq: p.reservation } }, fields: [...OCCUPANCY_FIELDS, 'brand'], limit: 1 });
    if (reservation.status === 'cancelled') return 'cancelled';
    if (reservation.status === 'paid') return null; // a second charge (a change): it stays paid
    const rules = await bookingRules(trx, reservation.brand);
    if (!holdsUnit(reservation, rules, now.getTime())) {
      // The hold ran out: the unit was free for others, so the payment needs one again (the PATCH rule).
      const pickup = normalizeLocal(reservation.pickup_date);
      const returnAt = normalizeLocal(reservation.return_date);
      if (reservation.car === null || reservation.pickup_branch === null || !pickup || !returnAt) return 'sold_out';
      const units = await writer.lockStock(trx, reservation.car, reservation.pickup_branch);
      const occupied = await occupiedUnits({
        ItemsService, knex: trx, schema: req.schema, rules, now: now.getTime(), excludeId: reservation.id,
        branch: reservation.pickup_branch, car: reservation.car, pickup, returnAt,
      });
      if ((occupied.get(Number(reservation.car)) ?? 0) >= units) return 'sold_out';
    }
    await new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: req.accountability })
      .updateOne(reservation.id, { status: 'paid', payment_type: p.provider === 'paypal' ? 'paypal' : 'card' });
    return null;
  }
}

/** The call names the same payment as the stored row (the key's first call), or { field, message }. */
function identityMismatch(existing, p) {
  const same = {
    reservation: Number(existing.reservation) === p.reservation,
    provider: existing.provider === p.provider,
    kind: existing.kind === p.kind,
    amount: Number(existing.amount) === p.amount,
    refund_of: (existing.refund_of === null ? null : Number(existing.refund_of)) === p.refund_of,
  };
  const field = Object.keys(same).find((name) => !same[name]);
  return field ? { field, message: `This idempotency_key belongs to a payment with another "${field}"` } : null;
}

/**
 * A refund returns money from a succeeded charge of the same reservation, through the same gateway; and the refunds of
 * a charge that are under way or done (pending, requires_action, succeeded) never add up to more than it. Returns the
 * problem ({ code, field, message }) or null.
 */
async function refundProblem(trx, p) {
  const charge = await trx('payments').select('id', 'reservation', 'kind', 'status', 'provider', 'amount').where({ id: p.refund_of }).first();
  if (!charge || charge.kind !== 'charge' || charge.status !== 'succeeded' || Number(charge.reservation) !== p.reservation || charge.provider !== p.provider) {
    return {
      code: 'REFUND_OF_INVALID', field: 'refund_of',
      message: '"refund_of" must be a succeeded charge of the same reservation, through the same provider',
    };
  }
  if (!LIVE.includes(p.status)) return null; // a refund recorded as failed or canceled returns nothing
  const row = await trx('payments').sum({ total: 'amount' })
    .where({ refund_of: p.refund_of, kind: 'refund' }).whereIn('status', LIVE).first();
  const refunded = Number(row?.total ?? 0) || 0;
  if (refunded + p.amount > Number(charge.amount)) {
    return {
      code: 'REFUND_TOO_LARGE', field: 'amount',
      message: `Refunds of this charge would add up to ${refunded + p.amount} cents, more than its ${Number(charge.amount)}`,
    };
  }
  return null;
}
