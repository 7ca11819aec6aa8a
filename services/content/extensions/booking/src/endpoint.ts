// Endpoint /booking: reservations that respect the fleet stock, availability, held units, and a shared rate limiter.
//
//   POST  /booking/reservations        create (counting its coupon), or replay the reservation with the same idempotency_key;
//                                      a corporate agent's booking names corporate_account + agent (checked, 422 if wrong);
//                                      `hold_limit` { key, limit, window_seconds } (not a field) caps the bookings of one
//                                      client: counted with the booking, 429 TOO_MANY_RESERVATIONS past it; `booked_via`
//                                      "web" | "api" (not a field) says which of the storefront's doors it came through:
//                                      the reservation's `channel` (corporate when it names a company; channel.ts)
//   PATCH /booking/reservations/:ref   change dates, car, branches, status (cancel), totals ... (:ref, the reservation's
//                                      reference answered by the routes that return it: records.ts); once the counter
//                                      has handed the car over, taken it back or marked a no-show, its terms and its
//                                      cancellation are refused: 409 RENTAL_STATE_CONFLICT + reason (the domain's
//                                      renterLockOf)
//   GET   /booking/availability?branch=&pickup=&return=&brand=[&return_branch=]   units of each car model at the branch
//                                      then and how many are taken (a one-way search: the units that can end there)
//   POST  /booking/rate-limit          { key, limit, window_seconds }
//   POST  /booking/holds/expire        cancel prepaid reservations whose payment hold ran out unpaid (holds.ts)
//   POST  /booking/vehicles/assign     the assignment pass now { now?, only? } (assignment.ts): units assigned before
//                                      pickup, bookings moved off a unit that cannot take them, or put on "needs a car"
//   POST  /booking/reservations/:ref/notices, DELETE .../notices/:revision   claim (and give back) the one e-mail of a
//                                      reservation's revision (notices.ts; the revision itself: revisions.ts)
//   ...and the renters' records behind their proofs (records.ts): reservations found by number and e-mail or read by
//   reference, their pre-check-ins, booking drafts, corporate leads
//
// Only administrators and the Storefront policy may call it: without a token 401, any other user 403. The stock check
// and the write happen in one transaction (shared/transactions.ts explains how each engine serializes it); the
// reservation is written through Directus' ItemsService with the caller's identity (activity log, revisions) and the
// endpoint's rights: the Storefront policy has no right on reservations at /items, and what may be written is the
// payload check's (reservation-payload.ts). Bad input answers 400 INVALID_PAYLOAD naming the field.
import { isDirectusError } from '@directus/errors';
import { BRANDS, isBrand } from '@rentacar/domain/brands';
import { isStorefrontChannel, STOREFRONT_CHANNELS } from '@rentacar/domain/reservations';
import { normalizeLocalDateTimeSeconds } from '@rentacar/domain/dates';
import { renterLockOf, type RenterLock } from '@rentacar/domain/rentals';
import type { Response } from 'express';
import { defineEndpoint } from '../../shared/define';
import { CORPORATE_RESERVATION_FIELDS, withEndpointRights, type Knex } from '../../shared/directus';
import { checkRunEnvelope, endpointKit, errorBody, invalid, isPlainObject, positiveInt, type Problem } from '../../shared/endpoint';
import { OCCUPANCY_FIELDS, readBookingRules, rowHoldsUnit, type OccupancyRow } from '../../shared/occupancy';
import { checkRateRule, countHit, type RateRule } from '../../shared/rate-limit';
import { createReferences } from '../../shared/references';
import { createWriter } from '../../shared/transactions';
import { availabilityAt, placedFields, placeRental, readAssignmentHours } from '../../shared/units';
import { runAssignment } from '../../shared/assignment';
import { channelOf } from './channel';
import { corporateOf, refuseCorporate, type CorporateProblem } from './corporate';
import { holdRoutes } from './holds';
import { noticeRoutes } from './notices';
import { recordRoutes } from './records';
import { checkDates, checkReservation, type ReservationPayload } from './reservation-payload';

// The fields whose change can take a unit somewhere else (or a longer time) and so needs a stock check.
const PLACEMENT = ['car', 'pickup_branch', 'return_branch', 'pickup_date', 'return_date', 'brand'];
const RATE_LIMIT_CLEANUP_MS = 60_000;
// The booking's terms as the renter chose them and the quote priced them: once the rental has begun at the counter,
// none of them changes here (nor is it cancelled); its payment status and the renter's details still may.
const RENTAL_TERMS = new Set([
  ...PLACEMENT, 'return_branch', 'coverage', 'era', 'extras', 'delivery_option', 'coupon', 'days', 'lines',
  'car_total', 'coverage_total', 'era_total', 'extras_total', 'young_driver_fee', 'dropoff', 'delivery_price',
  'coupon_discount', 'subtotal', 'airport_tax', 'tax', 'total',
]);
const LOCK_MESSAGES: Record<RenterLock, string> = {
  already_picked_up: 'The car was handed over at the counter: the booking can no longer be changed or cancelled here',
  already_returned: 'The car was returned: the booking is closed and can no longer be changed or cancelled',
  marked_no_show: 'The renter was marked a no-show: the booking can no longer be changed or cancelled',
};

const unprocessable = (res: Response, { field, code, message }: CorporateProblem) => res.status(422).json(errorBody(message, { code, field }));
const soldOut = (res: Response) => res.status(409).json(errorBody('No units of this car are left at this branch for these dates', { code: 'SOLD_OUT' }));

/** A booking's `hold_limit` was used up: the transaction is rolled back, nothing is written or counted. */
class HoldLimitReached extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many reservations from this client; try again later');
  }
}

type BookOutcome =
  | { id: number | string; replayed: boolean }
  | { invalid: Problem }
  | { corporateRefused: CorporateProblem }
  | { soldOut: true }
  | { couponUsedUp: true };

type ChangeOutcome = { id: number } | { notFound: true } | { invalid: Problem } | { soldOut: true } | { locked: RenterLock };

/** Counts one use of an active coupon that has redemptions left; false when it has none (or is not active). */
async function redeemCoupon(trx: Knex, couponId: unknown): Promise<boolean> {
  const counted: unknown = await trx('coupons')
    .where({ id: couponId as number, status: 'active' })
    .andWhere((query) => {
      void query.whereNull('max_redemptions').orWhere('redemptions_count', '<', trx.ref('max_redemptions'));
    })
    .increment('redemptions_count', 1);
  return Number(counted) > 0;
}

/** Extras must be published ones, within their max_quantity. */
async function checkExtras(database: Knex, extras: unknown): Promise<string | null> {
  if (!Array.isArray(extras) || extras.length === 0) return null;
  const wanted = extras as { code: string; quantity: number }[];
  const rows = (await database('extras').select('code', 'max_quantity', 'status').whereIn('code', wanted.map((e) => e.code))) as
    { code: string; max_quantity: unknown; status: string | null }[];
  for (const extra of wanted) {
    const row = rows.find((r) => r.code === extra.code);
    if (!row || row.status !== 'published') return `"${extra.code}" is not an extra on offer`;
    const max = Number(row.max_quantity) || 1;
    if (extra.quantity > max) return `${extra.code}: at most ${max} per rental`;
  }
  return null;
}

/**
 * A delivery option that meets the renter's flight (`needs_flight_number`, meet & greet) needs the flight number: the
 * agent waits for that flight. The number's form is checked with the payload (reservation-payload.ts).
 */
export async function flightNumberProblem(database: Knex, deliveryOption: unknown, flightNumber: unknown): Promise<Problem | null> {
  if (deliveryOption === null || deliveryOption === undefined) return null;
  if (typeof flightNumber === 'string' && flightNumber !== '') return null;
  const row = (await database('delivery_options').select('code', 'needs_flight_number').where({ id: deliveryOption as number }).first()) as
    { code: string; needs_flight_number: unknown } | undefined;
  // SQLite answers a boolean as 0 or 1.
  if (!row || !(row.needs_flight_number === true || row.needs_flight_number === 1)) return null;
  return { field: 'flight_number', message: `"flight_number" is required with the delivery option ${row.code}, which meets the renter's flight` };
}

/** A car or pickup branch that does not exist is a bad request, not a sold-out car. */
async function unknownReference(trx: Knex, payload: Record<string, unknown>): Promise<Problem | null> {
  // Checked by the payload check: ids (numbers), or null.
  const car = payload.car as number | null | undefined;
  const branch = payload.pickup_branch as number | null | undefined;
  if (car !== undefined && !(await trx('flota').select('id').where({ id: car }).first())) {
    return { field: 'car', message: `No car with id ${car}` };
  }
  if (branch !== undefined && !(await trx('branches').select('id').where({ id: branch }).first())) {
    return { field: 'pickup_branch', message: `No branch with id ${branch}` };
  }
  return null;
}

/** A placement field's value (an id, a date-time, a brand) as text, to tell a change from the same value written again. */
function placementText(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export default defineEndpoint({
  id: 'booking',
  handler: (router, { services, database, logger, env }) => {
    const { ItemsService } = services;
    const writer = createWriter(database);
    const references = createReferences(typeof env.SECRET === 'string' ? env.SECRET : undefined);
    const { handle, onlyStorefront } = endpointKit({ id: 'booking', database, logger });
    let lastRateLimitCleanup = 0;

    router.use(onlyStorefront);
    const { reservationAnswer: readReservation } = recordRoutes(router, { ItemsService, database, writer, references, handle });

    router.post('/reservations', handle(async (req, res) => {
      // `hold_limit` is not a field of the reservation: how many bookings the caller's client (for the storefront, the
      // renter's address) may make in a window. It is counted inside the transaction, so only a booking that is written
      // counts: a sold-out attempt or a replayed key does not, and the last allowed booking goes to one request only.
      const body: unknown = req.body;
      const { hold_limit: holdLimitBody, booked_via: bookedVia, ...reservationBody } = isPlainObject(body) ? body : {};
      if (bookedVia !== undefined && !isStorefrontChannel(bookedVia)) {
        return invalid(res, 'booked_via', `"booked_via" must be one of ${STOREFRONT_CHANNELS.join(', ')}`);
      }
      let holdLimit: RateRule | undefined;
      if (holdLimitBody !== undefined) {
        const checkedLimit = checkRateRule(holdLimitBody, 'hold_limit');
        if ('problem' in checkedLimit) return invalid(res, checkedLimit.problem.field, checkedLimit.problem.message);
        holdLimit = checkedLimit.rule;
      }
      const checked = checkReservation(isPlainObject(body) ? reservationBody : body, { create: true });
      if ('problem' in checked) return invalid(res, checked.problem.field, checked.problem.message);
      const payload: ReservationPayload = { ...checked.payload, channel: channelOf(checked.payload, bookedVia) };
      const extrasProblem = await checkExtras(database, payload.extras);
      if (extrasProblem) return invalid(res, 'extras', extrasProblem);
      const flightProblem = await flightNumberProblem(database, payload.delivery_option, payload.flight_number);
      if (flightProblem) return invalid(res, flightProblem.field, flightProblem.message);
      // A corporate agent's booking names its company and its agent, both or neither.
      const corporate = corporateOf(payload);
      if ('problem' in corporate) return unprocessable(res, corporate.problem);
      // Required on create, so present and checked: the car and branch ids, the key, the date-times.
      const car = payload.car as number;
      const branch = payload.pickup_branch as number;
      const key = payload.idempotency_key as string;

      const bookInTransaction = () => writer.transaction(async (trx): Promise<BookOutcome> => {
        // The car model first: on PostgreSQL a concurrent booking of the same model waits here until this one commits,
        // and then finds the unit it took (or its idempotency key) below.
        await writer.lockCar(trx, car);
        const existing = (await trx('reservations').select('id').where({ idempotency_key: key }).first()) as { id: number } | undefined;
        if (existing) return { id: existing.id, replayed: true };
        const unknown = await unknownReference(trx, payload);
        if (unknown) return { invalid: unknown };
        if (corporate.account !== undefined) {
          const refused = await refuseCorporate(trx, corporate);
          if (refused) return { corporateRefused: refused };
        }
        let unit: Record<string, unknown> = {};
        if (payload.status !== 'cancelled') {
          const now = new Date();
          const rules = await readBookingRules(trx, payload.brand);
          const wish = {
            pickup: payload.pickup_date as string, returnAt: payload.return_date as string,
            pickupBranch: String(branch), returnBranch: String((payload.return_branch as number | null | undefined) ?? branch),
          };
          const placed = await placeRental({ ItemsService, knex: trx, schema: req.schema }, { car, wish, rules, now });
          if (placed.vehicle === null) return { soldOut: true };
          unit = placedFields(placed.vehicle, wish.pickup, await readAssignmentHours(trx, payload.brand), now);
        }
        // A coupon is counted in the same transaction, so its last redemption goes to one booking only.
        if (payload.coupon !== null && payload.coupon !== undefined && !(await redeemCoupon(trx, payload.coupon))) return { couponUsedUp: true };
        if (holdLimit && payload.status !== 'cancelled') {
          const counted = await countHit(trx, holdLimit, Date.now());
          if (!counted.allowed) throw new HoldLimitReached(counted.retryAfterSeconds);
        }
        const service = new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) });
        return { id: await service.createOne({ ...payload, ...unit }), replayed: false };
      });

      let outcome: BookOutcome;
      try {
        outcome = await bookInTransaction();
      } catch (error) {
        if (error instanceof HoldLimitReached) {
          res.set('Retry-After', String(error.retryAfterSeconds));
          return res.status(429).json(errorBody(error.message, { code: 'TOO_MANY_RESERVATIONS', retry_after_seconds: error.retryAfterSeconds }));
        }
        // Two requests with the same key for different cars lock different stock rows; a unique index (of the key, or
        // of the reservation number they share) stops the second once the first commits, and the second replays the
        // first.
        if (!isDirectusError(error, 'RECORD_NOT_UNIQUE')) throw error;
        const first = (await database('reservations').select('id').where({ idempotency_key: key }).first()) as { id: number } | undefined;
        if (!first) throw error;
        outcome = { id: first.id, replayed: true };
      }
      if ('invalid' in outcome) return invalid(res, outcome.invalid.field, outcome.invalid.message);
      if ('corporateRefused' in outcome) return unprocessable(res, outcome.corporateRefused);
      if ('soldOut' in outcome) return soldOut(res);
      if ('couponUsedUp' in outcome) return res.status(409).json(errorBody('This coupon is inactive or has no redemptions left', { code: 'COUPON_USED_UP' }));
      const data = await readReservation(req, outcome.id);
      if (outcome.replayed) return res.status(200).json({ data, meta: { replayed: true } });
      return res.status(201).json({ data });
    }));

    router.patch('/reservations/:ref', handle(async (req, res) => {
      const checked = checkReservation(req.body, { create: false });
      if ('problem' in checked) return invalid(res, checked.problem.field, checked.problem.message);
      const id = references.readReservationId(req.params.ref);
      if (id === null) return res.status(404).json(errorBody('No reservation', { code: 'NOT_FOUND' }));
      const changes = checked.payload;
      const fixed = CORPORATE_RESERVATION_FIELDS.find((name) => name in changes);
      if (fixed) return invalid(res, fixed, `"${fixed}" is set when the reservation is created and cannot be changed here`);
      if ('extras' in changes) {
        const extrasProblem = await checkExtras(database, changes.extras);
        if (extrasProblem) return invalid(res, 'extras', extrasProblem);
      }

      const outcome = await writer.transaction(async (trx): Promise<ChangeOutcome> => {
        if (!(await writer.lockReservation(trx, id))) return { notFound: true };
        const [current] = (await new ItemsService('reservations', { knex: trx, schema: req.schema })
          .readByQuery({ filter: { id: { _eq: id } }, fields: [...OCCUPANCY_FIELDS, 'brand', 'idempotency_key', 'delivery_option', 'flight_number'], limit: 1 })) as
          (OccupancyRow & { brand: string | null; idempotency_key: string | null; delivery_option: unknown; flight_number: string | null })[];
        if (!current) return { notFound: true };
        // Read on the locked row: a pickup at the counter and a renter's change cannot both win.
        const lock = renterLockOf(current.rental_status);
        const cancels = changes.status === 'cancelled' && current.status !== 'cancelled';
        if (lock !== null && (cancels || Object.keys(changes).some((name) => RENTAL_TERMS.has(name)))) return { locked: lock };
        if ('idempotency_key' in changes && changes.idempotency_key !== current.idempotency_key) {
          return { invalid: { field: 'idempotency_key', message: '"idempotency_key" cannot be changed' } };
        }
        const before: Record<string, unknown> = {
          ...current,
          pickup_date: normalizeLocalDateTimeSeconds(current.pickup_date),
          return_date: normalizeLocalDateTimeSeconds(current.return_date),
        };
        const merged: Record<string, unknown> = { ...before, ...changes };
        const datesProblem = checkDates(merged);
        if (datesProblem) return { invalid: datesProblem };
        if ('delivery_option' in changes || 'flight_number' in changes) {
          const flightProblem = await flightNumberProblem(trx, merged.delivery_option, merged.flight_number);
          if (flightProblem) return { invalid: flightProblem };
        }
        const unknown = await unknownReference(trx, changes);
        if (unknown) return { invalid: unknown };
        if (changes.status === 'cancelled' && current.status !== 'cancelled' && changes.cancelled_at === undefined) {
          changes.cancelled_at = new Date().toISOString();
        }

        const rules = await readBookingRules(trx, merged.brand);
        const now = Date.now();
        const moved = PLACEMENT.some((name) => name in changes && placementText(changes[name]) !== placementText(before[name] ?? ''));
        // Checked when the reservation will hold a unit and either moves, or did not hold one before (cancelled, or its
        // payment hold ran out) and takes one again: a late payment of a lapsed prepaid booking must find a free unit.
        if (rowHoldsUnit(merged, rules, now) && (moved || !rowHoldsUnit(current, rules, now))) {
          for (const name of ['car', 'pickup_branch', 'pickup_date', 'return_date']) {
            if (merged[name] === null || merged[name] === undefined) return { invalid: { field: name, message: `"${name}" is needed to book a unit` } };
          }
          const car = Number(merged.car);
          await writer.lockCar(trx, car);
          const wish = {
            pickup: merged.pickup_date as string, returnAt: merged.return_date as string,
            pickupBranch: String(merged.pickup_branch), returnBranch: String(merged.return_branch ?? merged.pickup_branch),
          };
          const previous = current.vehicle === null || current.vehicle === undefined ? null : Number(current.vehicle);
          const placed = await placeRental({ ItemsService, knex: trx, schema: req.schema }, { car, wish, rules, now: new Date(now), exclude: id, keep: previous });
          if (placed.vehicle === null) return { soldOut: true };
          // A booking that keeps its unit keeps its assignment too.
          if (placed.vehicle !== previous) Object.assign(changes, placedFields(placed.vehicle, wish.pickup, await readAssignmentHours(trx, merged.brand), new Date(now)));
        }
        if (Object.keys(changes).length > 0) {
          await new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) }).updateOne(id, changes);
        }
        return { id };
      });
      if ('notFound' in outcome) return res.status(404).json(errorBody('No reservation', { code: 'NOT_FOUND' }));
      if ('invalid' in outcome) return invalid(res, outcome.invalid.field, outcome.invalid.message);
      if ('soldOut' in outcome) return soldOut(res);
      if ('locked' in outcome) return res.status(409).json(errorBody(LOCK_MESSAGES[outcome.locked], { code: 'RENTAL_STATE_CONFLICT', reason: outcome.locked }));
      return res.status(200).json({ data: await readReservation(req, id) });
    }));

    router.get('/availability', handle(async (req, res) => {
      const query = req.query;
      const branch = positiveInt(query.branch);
      if (!branch) return invalid(res, 'branch', '"branch" must be a branch id (an integer >= 1)');
      const pickup = normalizeLocalDateTimeSeconds(query.pickup);
      if (!pickup) return invalid(res, 'pickup', '"pickup" must be a Panama local date-time YYYY-MM-DDTHH:mm[:ss]');
      const returnAt = normalizeLocalDateTimeSeconds(query.return);
      if (!returnAt) return invalid(res, 'return', '"return" must be a Panama local date-time YYYY-MM-DDTHH:mm[:ss]');
      if (!(returnAt > pickup)) return invalid(res, 'return', '"return" must be after "pickup"');
      const brand = query.brand;
      if (!isBrand(brand)) return invalid(res, 'brand', `"brand" must be one of ${BRANDS.join(', ')}`);

      const returnBranch = query.return_branch === undefined ? branch : positiveInt(query.return_branch);
      if (!returnBranch) return invalid(res, 'return_branch', '"return_branch", when given, must be a branch id (an integer >= 1)');

      const rules = await readBookingRules(database, brand);
      const wish = { pickup, returnAt, pickupBranch: String(branch), returnBranch: String(returnBranch) };
      const models = await availabilityAt({ ItemsService, knex: database, schema: req.schema }, wish, rules, new Date());
      const data = [...models].sort(([a], [b]) => a - b).map(([car, model]) => ({ car, units: model.units, occupied: Math.max(0, model.units - model.free) }));
      return res.status(200).json({ data });
    }));

    router.post('/rate-limit', handle(async (req, res) => {
      const checked = checkRateRule(req.body);
      if ('problem' in checked) return invalid(res, checked.problem.field, checked.problem.message);
      const now = Date.now();
      const counted = await writer.write(() => countHit(database, checked.rule, now));
      res.status(200).json({ data: { allowed: counted.allowed, remaining: counted.remaining, retry_after_seconds: counted.retryAfterSeconds } });
      if (now - lastRateLimitCleanup > RATE_LIMIT_CLEANUP_MS) {
        lastRateLimitCleanup = now;
        writer.write(() => database('rate_limits').where('window_ends_at', '<', now).delete())
          .catch((error: unknown) => logger.warn(`booking: removing ended rate-limit windows failed: ${error instanceof Error ? error.message : String(error)}`));
      }
      return undefined;
    }));

    holdRoutes(router, { ItemsService, database, writer, references, handle });

    // The assignment pass now rather than at its next tick (assignment.ts); `only` narrows it to car model ids.
    router.post('/vehicles/assign', handle(async (req, res) => {
      const envelope = checkRunEnvelope(req.body, new Date());
      if ('problem' in envelope) return invalid(res, envelope.problem.field, envelope.problem.message);
      const { only } = envelope;
      if (only !== undefined && !(Array.isArray(only) && only.length > 0 && only.length <= 500 && only.every((car) => Number.isSafeInteger(car) && (car as number) > 0))) {
        return invalid(res, 'only', '"only", when given, must list car model ids (integers >= 1)');
      }
      const outcome = await runAssignment({ ItemsService, database, writer, schema: req.schema, now: envelope.now, ...(only === undefined ? {} : { cars: only as number[] }) });
      return res.status(200).json({ data: { assigned: outcome.assigned, moved: outcome.moved, needs_vehicle: outcome.needsVehicle } });
    }));
    noticeRoutes(router, { database, writer, references, handle });
  },
});
