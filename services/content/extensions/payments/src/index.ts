// Endpoint /payments-ledger: payments recorded exactly once (docs/content-model.md, "Booking endpoint").
//
//   POST /payments-ledger   record a payment attempt (a card charge, a PayPal order, a refund) or its new state;
//                           `reservation` is the reservation's reference (shared/references.ts), as the booking routes
//                           answer it
//   GET  /payments-ledger?key=K | ?reference=R | ?reservation=REF | ?open_before=ISO[&limit=N]
//                           the payment with that idempotency key or gateway reference, a reservation's payments, or
//                           the payments still waiting for an outcome that started before a time (reconciliation)
//
// Payments are answered with their reservation's reference in `reservation`: a payment's key and gateway reference are
// the storefront's proof for it (they come from its own calls and the gateway's notices), as the reservation's
// reference is for the reservation's payments.
//
// The storefront reports every payment attempt and each new state of it with an idempotency key. One transaction finds
// the row by that key, inserts or moves it forward, and, when a charge succeeds, marks its reservation paid; the
// reservation row is locked first (PostgreSQL: SELECT ... FOR UPDATE; SQLite: the writer's queue and write lock, see
// shared/transactions.ts), so every call about the payments of one reservation runs one at a time and exactly one of N
// identical calls sees the change. The rows are written through Directus' ItemsService with the caller's identity
// (the activity log and revisions name the storefront user) but without a permission on `payments`: the Storefront
// policy has no right on them at /items, so this endpoint is the one way to read or write them. Only administrators and the Storefront policy
// may call it.
import { isDirectusError } from '@directus/errors';
import { normalizeLocalDateTimeSeconds } from '@rentacar/domain/dates';
import {
  canMovePayment,
  isFinalPaymentStatus,
  isLivePaymentStatus,
  isPaymentStatus,
  LIVE_PAYMENT_STATUSES,
  OPEN_PAYMENT_STATUSES,
  paymentTypeOfProvider,
} from '@rentacar/domain/payments';
import type { Filter } from '@directus/types';
import type { Request } from 'express';
import { defineEndpoint } from '../../shared/define';
import { withEndpointRights, type ItemsServiceClass, type Knex, type Row } from '../../shared/directus';
import { endpointKit, errorBody, invalid, isPlainObject, type Problem } from '../../shared/endpoint';
import { OCCUPANCY_FIELDS, readBookingRules, rowHoldsUnit, type OccupancyRow } from '../../shared/occupancy';
import { createReferences, type References } from '../../shared/references';
import { createWriter, type Writer } from '../../shared/transactions';
import { placedFields, placeRental, readAssignmentHours } from '../../shared/units';
import { checkPayment, PAYMENT_INPUT_FIELDS, type PaymentPayload } from './payment-payload';

// Columns of a payment, as answered.
const PAYMENT_FIELDS = [
  'id', 'reservation', 'kind', 'provider', 'status', 'amount', 'currency', 'idempotency_key', 'provider_reference',
  'provider_capture', 'payment_method', 'card_brand', 'card_last4', 'card_expiry', 'failure_code', 'failure_reason',
  'refund_of', 'reservation_conflict', 'date_created', 'date_updated', 'settled_at',
];
const RESERVATION_FIELDS = ['id', 'reservation_number', 'status', 'payment_type', 'reservation_type', 'total'];
// The gateway's ids of a payment: once set, a different value is a different payment (409).
const REFERENCES = ['provider_reference', 'provider_capture', 'payment_method'] as const;
// What the card looked like: filled when empty, never replaced.
const CARD_DETAILS = ['card_brand', 'card_last4', 'card_expiry'] as const;
// Why it did not succeed: kept with any other status than succeeded.
const FAILURE_DETAILS = ['failure_code', 'failure_reason'] as const;

type ReservationConflict = 'cancelled' | 'sold_out';

interface Mismatch {
  field: string;
  message: string;
}

type RecordOutcome =
  | { notFound: string }
  | { conflict: Mismatch }
  | { unprocessable: { code: string; field: string; message: string } }
  | { inserted: boolean; changed: boolean; payment: Row; reservation: Row };

/** The call names the same payment as the stored row (the key's first call), or { field, message }. */
function identityMismatch(existing: Row, p: PaymentPayload): Mismatch | null {
  const same: Record<string, boolean> = {
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
 * a charge that are under way or done never add up to more than it. Returns the problem ({ code, field, message }) or
 * null.
 */
async function refundProblem(trx: Knex, p: PaymentPayload): Promise<{ code: string; field: string; message: string } | null> {
  const charge = (await trx('payments').select('id', 'reservation', 'kind', 'status', 'provider', 'amount').where({ id: p.refund_of ?? 0 }).first()) as Row | undefined;
  if (!charge || charge.kind !== 'charge' || charge.status !== 'succeeded' || Number(charge.reservation) !== p.reservation || charge.provider !== p.provider) {
    return {
      code: 'REFUND_OF_INVALID', field: 'refund_of',
      message: '"refund_of" must be a succeeded charge of the same reservation, through the same provider',
    };
  }
  if (!isLivePaymentStatus(p.status)) return null; // a refund recorded as failed or canceled returns nothing
  const row = (await trx('payments').sum({ total: 'amount' })
    .where({ refund_of: p.refund_of ?? 0, kind: 'refund' }).whereIn('status', LIVE_PAYMENT_STATUSES).first()) as { total: unknown } | undefined;
  const refunded = Number(row?.total ?? 0) || 0;
  if (refunded + p.amount > Number(charge.amount)) {
    return {
      code: 'REFUND_TOO_LARGE', field: 'amount',
      message: `Refunds of this charge would add up to ${refunded + p.amount} cents, more than its ${Number(charge.amount)}`,
    };
  }
  return null;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

export default defineEndpoint({
  id: 'payments-ledger',
  handler: (router, { services, database, logger, env }) => {
    const { ItemsService } = services;
    const writer = createWriter(database);
    const references = createReferences(typeof env.SECRET === 'string' ? env.SECRET : undefined);
    const { handle, onlyStorefront } = endpointKit({ id: 'payments-ledger', database, logger });
    const answerOf = (payment: Row): Row => ({ ...payment, reservation: references.sign('reservation', payment.reservation as number) });

    router.use(onlyStorefront);

    router.get('/', handle(async (req, res) => {
      const query = readQuery(req.query, references);
      if ('problem' in query) return invalid(res, query.problem.field, query.problem.message);
      const rows = (await new ItemsService('payments', { schema: req.schema }).readByQuery({
        filter: query.filter, fields: PAYMENT_FIELDS, sort: ['date_created', 'id'], limit: query.limit,
      })) as Row[];
      return res.status(200).json({ data: rows.map(answerOf) });
    }));

    router.post('/', handle(async (req, res) => {
      const body: unknown = req.body;
      if (isPlainObject(body) && 'reservation' in body) {
        const reservation = references.readReservationId(body.reservation);
        if (reservation === null) return res.status(404).json(errorBody('No reservation', { code: 'NOT_FOUND' }));
        body.reservation = reservation;
      }
      const checked = checkPayment(body);
      if ('problem' in checked) return invalid(res, checked.problem.field, checked.problem.message);
      const payment = checked.payload;
      const record = () => writer.transaction((trx) => recordPayment({ ItemsService, writer, trx, req, p: payment }));

      let outcome: RecordOutcome;
      try {
        outcome = await record();
      } catch (error) {
        // The same key for two reservations at once (PostgreSQL: they lock different rows): the key's unique index
        // stops the second once the first commits; run again, it finds the first (and answers 409, another
        // reservation). Any other unique value (a provider_reference already used by another payment) is Directus'
        // 400 RECORD_NOT_UNIQUE.
        if (!isDirectusError(error, 'RECORD_NOT_UNIQUE')) throw error;
        if (!(await database('payments').select('id').where({ idempotency_key: payment.idempotency_key }).first())) throw error;
        outcome = await record();
      }
      if ('notFound' in outcome) return res.status(404).json(errorBody(outcome.notFound, { code: 'NOT_FOUND' }));
      if ('conflict' in outcome) {
        return res.status(409).json(errorBody(outcome.conflict.message, { code: 'IDEMPOTENCY_MISMATCH', field: outcome.conflict.field }));
      }
      if ('unprocessable' in outcome) {
        const { code, field, message } = outcome.unprocessable;
        return res.status(422).json(errorBody(message, { code, field }));
      }
      const data: Row = {
        payment: answerOf(outcome.payment),
        changed: outcome.changed,
        reservation: { ...outcome.reservation, id: references.sign('reservation', outcome.reservation.id as number) },
      };
      if (outcome.payment.reservation_conflict) data.reservation_conflict = outcome.payment.reservation_conflict;
      return res.status(outcome.inserted ? 201 : 200).json({ data });
    }));
  },
});

interface RecordContext {
  ItemsService: ItemsServiceClass;
  writer: Writer;
  trx: Knex.Transaction;
  req: Request;
  p: PaymentPayload;
}

/** One call of POST /payments-ledger, inside its transaction. */
async function recordPayment({ ItemsService, writer, trx, req, p }: RecordContext): Promise<RecordOutcome> {
  if (!(await writer.lockReservation(trx, p.reservation))) return { notFound: `No reservation with id ${p.reservation}` };
  // Written with the caller's identity but the endpoint's own rights: the Storefront policy has no write on payments.
  const payments = new ItemsService('payments', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) });
  const now = new Date();
  const existing = (await trx('payments').select(PAYMENT_FIELDS.filter((f) => !f.startsWith('date_') && f !== 'settled_at'))
    .where({ idempotency_key: p.idempotency_key }).first()) as Row | undefined;

  let paymentId: number | string;
  let inserted = false;
  let changed = false;
  if (!existing) {
    if (p.kind === 'refund') {
      const problem = await refundProblem(trx, p);
      if (problem) return { unprocessable: problem };
    }
    const row: Row = Object.fromEntries(PAYMENT_INPUT_FIELDS.map((name) => [name, p[name]]));
    // Why it failed is no part of a succeeded payment.
    if (p.status === 'succeeded') for (const name of FAILURE_DETAILS) row[name] = null;
    if (isFinalPaymentStatus(p.status)) row.settled_at = now.toISOString();
    if (p.kind === 'charge' && p.status === 'succeeded') row.reservation_conflict = await settleReservation({ ItemsService, writer, trx, req, p }, now);
    paymentId = await payments.createOne(row);
    inserted = true;
    changed = true;
  } else {
    const mismatch = identityMismatch(existing, p);
    if (mismatch) return { conflict: mismatch };
    const update: Row = {};
    for (const name of REFERENCES) {
      if (p[name] === null) continue;
      if (isEmpty(existing[name])) update[name] = p[name];
      else if (existing[name] !== p[name]) {
        return { conflict: { field: name, message: `This payment's "${name}" is already set to another value: a different gateway payment needs its own idempotency_key` } };
      }
    }
    for (const name of CARD_DETAILS) if (p[name] !== null && !existing[name]) update[name] = p[name];
    // A row without a status (written before this endpoint existed) counts as pending.
    const stored = isPaymentStatus(existing.status) ? existing.status : 'pending';
    if (canMovePayment(stored, p.status)) {
      update.status = p.status;
      if (p.status !== 'succeeded') for (const name of FAILURE_DETAILS) if (p[name] !== null) update[name] = p[name];
      if (isFinalPaymentStatus(p.status)) update.settled_at = now.toISOString();
      if (existing.kind === 'charge' && p.status === 'succeeded') update.reservation_conflict = await settleReservation({ ItemsService, writer, trx, req, p }, now);
      changed = true;
    } else if (p.status === existing.status) {
      // The same state reported again: it may bring what the first report lacked.
      if (p.status !== 'succeeded') for (const name of FAILURE_DETAILS) if (p[name] !== null && !existing[name]) update[name] = p[name];
    }
    // Otherwise an older or a later-but-final-already status: ignored, the stored state is the answer.
    if (Object.keys(update).length > 0) await payments.updateOne(existing.id as number, update);
    paymentId = existing.id as number;
  }

  const stored = await new ItemsService('payments', { knex: trx, schema: req.schema }).readOne(paymentId, { fields: PAYMENT_FIELDS });
  const reservation = (await trx('reservations').select(RESERVATION_FIELDS).where({ id: p.reservation }).first()) as Row;
  return {
    inserted,
    changed,
    payment: stored,
    reservation: { ...reservation, id: Number(reservation.id), total: reservation.total === null ? null : Number(reservation.total) },
  };
}

/**
 * A charge has just succeeded: its reservation is paid, unless it was cancelled, or it is a prepaid one whose payment
 * hold ran out and whose car has been taken meanwhile. Returns that conflict or null.
 */
async function settleReservation({ ItemsService, writer, trx, req, p }: RecordContext, now: Date): Promise<ReservationConflict | null> {
  const [reservation] = (await new ItemsService('reservations', { knex: trx, schema: req.schema })
    .readByQuery({ filter: { id: { _eq: p.reservation } }, fields: [...OCCUPANCY_FIELDS, 'brand'], limit: 1 })) as (OccupancyRow & { brand: string | null })[];
  if (!reservation) return null;
  if (reservation.status === 'cancelled') return 'cancelled';
  if (reservation.status === 'paid') return null; // a second charge (a change): it stays paid
  const rules = await readBookingRules(trx, reservation.brand);
  let unit: Record<string, unknown> = {};
  if (!rowHoldsUnit(reservation, rules, now.getTime())) {
    // The hold ran out: the unit was free for others, so the payment needs one again (the PATCH rule).
    const pickup = normalizeLocalDateTimeSeconds(reservation.pickup_date);
    const returnAt = normalizeLocalDateTimeSeconds(reservation.return_date);
    if (reservation.car === null || reservation.pickup_branch === null || !pickup || !returnAt) return 'sold_out';
    const car = Number(reservation.car);
    await writer.lockCar(trx, car);
    const wish = {
      pickup, returnAt, pickupBranch: String(reservation.pickup_branch), returnBranch: String(reservation.return_branch ?? reservation.pickup_branch),
    };
    const previous = reservation.vehicle === null || reservation.vehicle === undefined ? null : Number(reservation.vehicle);
    const placed = await placeRental({ ItemsService, knex: trx, schema: req.schema }, { car, wish, rules, now, exclude: Number(reservation.id), keep: previous });
    if (placed.vehicle === null) return 'sold_out';
    if (placed.vehicle !== previous) unit = placedFields(placed.vehicle, pickup, await readAssignmentHours(trx, reservation.brand), now);
  }
  await new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) })
    .updateOne(reservation.id, { status: 'paid', payment_type: paymentTypeOfProvider(p.provider), ...unit });
  return null;
}

const MAX_LIST = 100;

/** Which payments a GET asks for: exactly one of key, reference, reservation or open_before. */
function readQuery(query: Request['query'], references: References): { filter: Filter; limit: number } | { problem: Problem } {
  const text = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === 'string' && value.length > 0 && value.length <= 255 ? value : undefined;
  };
  const given = ['key', 'reference', 'reservation', 'open_before'].filter((name) => query[name] !== undefined);
  const unknown = Object.keys(query).find((name) => !['key', 'reference', 'reservation', 'open_before', 'limit'].includes(name));
  if (unknown) return { problem: { field: unknown, message: `"${unknown}" is not a filter of /payments-ledger` } };
  if (given.length !== 1) return { problem: { field: null, message: 'Name exactly one of key, reference, reservation or open_before' } };
  const [name] = given;
  let limit = MAX_LIST;
  if (query.limit !== undefined) {
    const asked = Number(query.limit);
    if (typeof query.limit !== 'string' || !Number.isSafeInteger(asked) || asked < 1 || asked > MAX_LIST) return { problem: { field: 'limit', message: `"limit" must be an integer from 1 to ${MAX_LIST}` } };
    limit = asked;
  }
  const value = name === undefined ? undefined : text(name);
  if (name === undefined || value === undefined) return { problem: { field: name ?? null, message: `"${name}" must be a text of 1 to 255 characters` } };
  if (name === 'key') return { filter: { idempotency_key: { _eq: value } }, limit: 1 };
  if (name === 'reference') return { filter: { provider_reference: { _eq: value } }, limit: 1 };
  if (name === 'reservation') {
    // An unknown reference names no payments: an empty list, as for a reservation without any.
    return { filter: { reservation: { _eq: references.readReservationId(value) ?? -1 } }, limit };
  }
  const before = Date.parse(value);
  if (Number.isNaN(before)) return { problem: { field: 'open_before', message: '"open_before" must be an ISO date-time' } };
  return { filter: { _and: [{ status: { _in: [...OPEN_PAYMENT_STATUSES] } }, { date_created: { _lt: new Date(before).toISOString() } }] }, limit };
}
