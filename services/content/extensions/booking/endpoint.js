// Endpoint /booking: reservations that respect the fleet stock, availability, and a shared rate limiter.
//
//   POST  /booking/reservations        create (counting its coupon), or replay the reservation with the same idempotency_key;
//                                      a corporate agent's booking names corporate_account + agent (checked, 422 if wrong);
//                                      `hold_limit` { key, limit, window_seconds } (not a field) caps the bookings of one
//                                      client: counted with the booking, 429 TOO_MANY_RESERVATIONS past it
//   PATCH /booking/reservations/:id    change dates, car, branches, status (cancel), totals ...
//   GET   /booking/availability?branch=&pickup=&return=&brand=
//   POST  /booking/rate-limit          { key, limit, window_seconds }
//   POST  /booking/payments            record a payment attempt or its new state, once (payments.js)
//   POST  /booking/holds/expire        cancel prepaid reservations whose payment hold ran out unpaid (payments.js)
//   POST  /booking/precheckin-documents  a renter's licence or id scan into the private folder (documents.js)
//   POST  /booking/job-applications    an application and its CV (a PDF, into the private folder) (job-applications.js)
//
// Only administrators and the Storefront policy may call it: without a token 401, any other user 403. The stock check
// and the write happen in one transaction (transactions.js explains how each engine serializes it); the reservation
// is written through Directus' ItemsService with the caller's accountability, so the Storefront policy's permissions,
// the activity log and revisions apply as they do at /items. Bad input answers 400 INVALID_PAYLOAD naming the field.
import { isDirectusError } from '@directus/errors';
import { CORPORATE_RESERVATION_FIELDS, ids } from '../../schema/access.mjs';
import { BRANDS } from '../../schema/model.mjs';
import { bookingRules, holdsUnit, normalizeLocal, occupiedUnits, OCCUPANCY_FIELDS } from './occupancy.js';
import { paymentRoutes } from './payments.js';
import { checkDates, checkReservation } from './reservation-payload.js';
import { documentRoutes } from './documents.js';
import { jobApplicationRoutes } from './job-applications.js';
import { BusyError, createWriter } from './transactions.js';

// The fields whose change can take a unit somewhere else (or a longer time) and so needs a stock check.
const PLACEMENT = ['car', 'pickup_branch', 'pickup_date', 'return_date', 'brand'];
const RATE_LIMIT_CLEANUP_MS = 60_000;

const errorBody = (message, extensions) => ({ errors: [{ message, extensions }] });
const invalid = (res, field, message) => res.status(400).json(errorBody(message, { code: 'INVALID_PAYLOAD', field }));
const unprocessable = (res, { field, code, message }) => res.status(422).json(errorBody(message, { code, field }));
const soldOut = (res) => res.status(409).json(errorBody('No units of this car are left at this branch for these dates', { code: 'SOLD_OUT' }));

/** A booking's `hold_limit` was used up: the transaction is rolled back, nothing is written or counted. */
class HoldLimitReached extends Error {
  constructor(retryAfterSeconds) {
    super('Too many reservations from this client; try again later');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * A rate-limit rule `{ key, limit, window_seconds }` as the caller sent it, the whole body or its `field`:
 * `{ rule }` or `{ problem: { field, message } }`.
 */
function checkRateRule(body, field = null) {
  const part = (name) => (field ? `${field}.${name}` : name);
  if (!isObject(body)) return { problem: { field, message: `${field ? `"${field}"` : 'The body'} must be a JSON object { key, limit, window_seconds }` } };
  const { key, limit, window_seconds: windowSeconds } = body;
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) return { problem: { field: part('key'), message: '"key" must be a string of 1 to 255 characters' } };
  if (!Number.isSafeInteger(limit) || limit < 1) return { problem: { field: part('limit'), message: '"limit" must be an integer >= 1' } };
  if (!Number.isSafeInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > 366 * 86_400) {
    return { problem: { field: part('window_seconds'), message: '"window_seconds" must be an integer from 1 to 31622400' } };
  }
  return { rule: { key, limit, windowSeconds } };
}

/**
 * Counts one hit of `rule` at `now`, in one statement that is atomic on both engines: the first hit (or the first after
 * the window ended) starts a window of one hit, every other hit adds one. Both SET expressions read the row as it was
 * before this statement. On PostgreSQL the row stays locked until `knex`'s transaction ends.
 */
async function countHit(knex, { key, limit, windowSeconds }, now) {
  const rows = await knex.raw(
    `insert into rate_limits ("key", hits, window_ends_at) values (?, 1, ?)
     on conflict ("key") do update set
       hits = case when rate_limits.window_ends_at <= ? then 1 else rate_limits.hits + 1 end,
       window_ends_at = case when rate_limits.window_ends_at <= ? then excluded.window_ends_at else rate_limits.window_ends_at end
     returning hits, window_ends_at`,
    [key, now + windowSeconds * 1000, now, now],
  );
  const row = (Array.isArray(rows) ? rows : rows.rows)[0];
  const hits = Number(row.hits);
  const allowed = hits <= limit;
  return {
    allowed,
    remaining: Math.max(0, limit - hits),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((Number(row.window_ends_at) - now) / 1000)),
  };
}

/** Counts one use of an active coupon that has redemptions left; false when it has none (or is not active). */
async function redeemCoupon(trx, couponId) {
  const counted = await trx('coupons')
    .where({ id: couponId, status: 'active' })
    .andWhere((query) => query.whereNull('max_redemptions').orWhere('redemptions_count', '<', trx.ref('max_redemptions')))
    .increment('redemptions_count', 1);
  return Number(counted) > 0;
}

export default (router, { services, database, logger }) => {
  const { ItemsService, FilesService } = services;
  const writer = createWriter(database);
  let lastRateLimitCleanup = 0;

  const handle = (fn) => (req, res, next) => {
    fn(req, res, next).catch((error) => {
      if (error instanceof BusyError) {
        logger.warn(`booking: ${error.message} (${error.cause?.code ?? error.cause})`);
        res.set('Retry-After', '1');
        res.status(503).json(errorBody(error.message, { code: 'SERVICE_UNAVAILABLE' }));
        return;
      }
      if (!isDirectusError(error)) logger.error(error, 'booking: unexpected error');
      next(error);
    });
  };

  // Every route: administrators and the Storefront policy only.
  router.use(handle(async (req, res, next) => {
    const accountability = req.accountability;
    if (!accountability?.user && !accountability?.admin) {
      res.status(401).json(errorBody('A valid access token is required', { code: 'INVALID_CREDENTIALS' }));
    } else if (!(await mayBook(database, accountability))) {
      res.status(403).json(errorBody('Only the storefront and administrators may use /booking', { code: 'FORBIDDEN' }));
    } else {
      next();
    }
  }));

  router.post('/reservations', handle(async (req, res) => {
    // `hold_limit` is not a field of the reservation: how many bookings the caller's client (for the storefront, the
    // renter's address) may make in a window. It is counted inside the transaction, so only a booking that is written
    // counts: a sold-out attempt or a replayed key does not, and the last allowed booking goes to one request only.
    const { hold_limit: holdLimitBody, ...reservationBody } = isObject(req.body) ? req.body : {};
    let holdLimit;
    if (holdLimitBody !== undefined) {
      const checkedLimit = checkRateRule(holdLimitBody, 'hold_limit');
      if (checkedLimit.problem) return invalid(res, checkedLimit.problem.field, checkedLimit.problem.message);
      holdLimit = checkedLimit.rule;
    }
    const checked = checkReservation(isObject(req.body) ? reservationBody : req.body, { create: true });
    if (checked.problem) return invalid(res, checked.problem.field, checked.problem.message);
    const payload = checked.payload;
    const extrasProblem = await checkExtras(database, payload.extras);
    if (extrasProblem) return invalid(res, 'extras', extrasProblem);
    // A corporate agent's booking names its company and its agent, both or neither.
    const corporate = corporateOf(payload);
    if (corporate.problem) return unprocessable(res, corporate.problem);

    const bookInTransaction = () => writer.transaction(async (trx) => {
      // The stock row first: on PostgreSQL a concurrent booking of the same car and branch waits here until this one
      // commits, and then finds its reservation (or its idempotency key) below.
      const units = await writer.lockStock(trx, payload.car, payload.pickup_branch);
      const existing = await trx('reservations').select('id').where({ idempotency_key: payload.idempotency_key }).first();
      if (existing) return { id: existing.id, replayed: true };
      const unknown = await unknownReference(trx, payload);
      if (unknown) return { invalid: unknown };
      if (corporate.agent) {
        const refused = await refuseCorporate(trx, corporate);
        if (refused) return { corporateRefused: refused };
      }
      if (payload.status !== 'cancelled') {
        const rules = await bookingRules(trx, payload.brand);
        const occupied = await occupiedUnits({
          ItemsService, knex: trx, schema: req.schema, rules,
          branch: payload.pickup_branch, car: payload.car, pickup: payload.pickup_date, returnAt: payload.return_date,
        });
        if ((occupied.get(payload.car) ?? 0) >= units) return { soldOut: true };
      }
      // A coupon is counted in the same transaction, so its last redemption goes to one booking only.
      if (payload.coupon !== null && payload.coupon !== undefined && !(await redeemCoupon(trx, payload.coupon))) return { couponUsedUp: true };
      if (holdLimit && payload.status !== 'cancelled') {
        const counted = await countHit(trx, holdLimit, Date.now());
        if (!counted.allowed) throw new HoldLimitReached(counted.retryAfterSeconds);
      }
      // The Storefront policy may not write corporate_account and agent (only this route, once checked above): a
      // corporate booking is written with the caller's identity (activity, revisions) and the endpoint's rights.
      const accountability = corporate.agent ? { ...req.accountability, admin: true } : req.accountability;
      const service = new ItemsService('reservations', { knex: trx, schema: req.schema, accountability });
      return { id: await service.createOne(payload), replayed: false };
    });

    let outcome;
    try {
      outcome = await bookInTransaction();
    } catch (error) {
      if (error instanceof HoldLimitReached) {
        res.set('Retry-After', String(error.retryAfterSeconds));
        return res.status(429).json(errorBody(error.message, { code: 'TOO_MANY_RESERVATIONS', retry_after_seconds: error.retryAfterSeconds }));
      }
      // Two requests with the same key for different cars lock different stock rows; a unique index (of the key, or of
      // the reservation number they share) stops the second once the first commits, and the second replays the first.
      if (!isDirectusError(error, 'RECORD_NOT_UNIQUE')) throw error;
      const first = await database('reservations').select('id').where({ idempotency_key: payload.idempotency_key }).first();
      if (!first) throw error;
      outcome = { id: first.id, replayed: true };
    }
    if (outcome.invalid) return invalid(res, outcome.invalid.field, outcome.invalid.message);
    if (outcome.corporateRefused) return unprocessable(res, outcome.corporateRefused);
    if (outcome.soldOut) return soldOut(res);
    if (outcome.couponUsedUp) return res.status(409).json(errorBody('This coupon is inactive or has no redemptions left', { code: 'COUPON_USED_UP' }));
    const data = await readReservation(req, outcome.id);
    if (outcome.replayed) return res.status(200).json({ data, meta: { replayed: true } });
    return res.status(201).json({ data });
  }));

  router.patch('/reservations/:id', handle(async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id < 1 || String(id) !== req.params.id) return invalid(res, 'id', 'The reservation id must be an integer >= 1');
    const checked = checkReservation(req.body, { create: false });
    if (checked.problem) return invalid(res, checked.problem.field, checked.problem.message);
    const changes = checked.payload;
    const fixed = CORPORATE_RESERVATION_FIELDS.find((name) => name in changes);
    if (fixed) return invalid(res, fixed, `"${fixed}" is set when the reservation is created and cannot be changed here`);
    if ('extras' in changes) {
      const extrasProblem = await checkExtras(database, changes.extras);
      if (extrasProblem) return invalid(res, 'extras', extrasProblem);
    }

    const outcome = await writer.transaction(async (trx) => {
      if (!(await writer.lockReservation(trx, id))) return { notFound: true };
      const [current] = await new ItemsService('reservations', { knex: trx, schema: req.schema })
        .readByQuery({ filter: { id: { _eq: id } }, fields: [...OCCUPANCY_FIELDS, 'brand', 'idempotency_key'], limit: 1 });
      if (!current) return { notFound: true };
      if ('idempotency_key' in changes && changes.idempotency_key !== current.idempotency_key) {
        return { invalid: { field: 'idempotency_key', message: '"idempotency_key" cannot be changed' } };
      }
      const before = { ...current, pickup_date: normalizeLocal(current.pickup_date), return_date: normalizeLocal(current.return_date) };
      const merged = { ...before, ...changes };
      const datesProblem = checkDates(merged);
      if (datesProblem) return { invalid: datesProblem };
      const unknown = await unknownReference(trx, changes);
      if (unknown) return { invalid: unknown };
      if (changes.status === 'cancelled' && current.status !== 'cancelled' && changes.cancelled_at === undefined) {
        changes.cancelled_at = new Date().toISOString();
      }

      const rules = await bookingRules(trx, merged.brand);
      const now = Date.now();
      const moved = PLACEMENT.some((name) => name in changes && String(changes[name]) !== String(before[name] ?? ''));
      // Checked when the reservation will hold a unit and either moves, or did not hold one before (cancelled, or its
      // payment hold ran out) and takes one again: a late payment of a lapsed prepaid booking must find a free unit.
      if (holdsUnit(merged, rules, now) && (moved || !holdsUnit(current, rules, now))) {
        for (const name of ['car', 'pickup_branch', 'pickup_date', 'return_date']) {
          if (merged[name] === null || merged[name] === undefined) return { invalid: { field: name, message: `"${name}" is needed to book a unit` } };
        }
        const units = await writer.lockStock(trx, merged.car, merged.pickup_branch);
        const occupied = await occupiedUnits({
          ItemsService, knex: trx, schema: req.schema, rules, now, excludeId: id,
          branch: merged.pickup_branch, car: merged.car, pickup: merged.pickup_date, returnAt: merged.return_date,
        });
        if ((occupied.get(Number(merged.car)) ?? 0) >= units) return { soldOut: true };
      }
      if (Object.keys(changes).length > 0) {
        await new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: req.accountability }).updateOne(id, changes);
      }
      return { id };
    });
    if (outcome.notFound) return res.status(404).json(errorBody(`No reservation with id ${id}`, { code: 'NOT_FOUND' }));
    if (outcome.invalid) return invalid(res, outcome.invalid.field, outcome.invalid.message);
    if (outcome.soldOut) return soldOut(res);
    return res.status(200).json({ data: await readReservation(req, id) });
  }));

  router.get('/availability', handle(async (req, res) => {
    const query = req.query ?? {};
    const branch = positiveInt(query.branch);
    if (!branch) return invalid(res, 'branch', '"branch" must be a branch id (an integer >= 1)');
    const pickup = normalizeLocal(query.pickup);
    if (!pickup) return invalid(res, 'pickup', '"pickup" must be a Panama local date-time YYYY-MM-DDTHH:mm[:ss]');
    const returnAt = normalizeLocal(query.return);
    if (!returnAt) return invalid(res, 'return', '"return" must be a Panama local date-time YYYY-MM-DDTHH:mm[:ss]');
    if (!(returnAt > pickup)) return invalid(res, 'return', '"return" must be after "pickup"');
    const brand = query.brand;
    if (typeof brand !== 'string' || !BRANDS.includes(brand)) return invalid(res, 'brand', `"brand" must be one of ${BRANDS.join(', ')}`);

    const rules = await bookingRules(database, brand);
    const stock = await database('fleet_stock').select('car', 'units').where({ branch }).orderBy('car');
    const occupied = await occupiedUnits({ ItemsService, knex: database, schema: req.schema, rules, branch, pickup, returnAt });
    const data = stock.map((row) => ({ car: Number(row.car), units: Number(row.units) || 0, occupied: occupied.get(Number(row.car)) ?? 0 }));
    return res.status(200).json({ data });
  }));

  router.post('/rate-limit', handle(async (req, res) => {
    const checked = checkRateRule(req.body);
    if (checked.problem) return invalid(res, checked.problem.field, checked.problem.message);
    const now = Date.now();
    const counted = await writer.write(() => countHit(database, checked.rule, now));
    res.status(200).json({ data: { allowed: counted.allowed, remaining: counted.remaining, retry_after_seconds: counted.retryAfterSeconds } });
    if (now - lastRateLimitCleanup > RATE_LIMIT_CLEANUP_MS) {
      lastRateLimitCleanup = now;
      writer.write(() => database('rate_limits').where('window_ends_at', '<', now).delete())
        .catch((error) => logger.warn(`booking: removing ended rate-limit windows failed: ${error?.message ?? error}`));
    }
  }));

  paymentRoutes(router, { ItemsService, database, writer, handle, errorBody, invalid });
  documentRoutes(router, { FilesService, handle, errorBody, invalid });
  jobApplicationRoutes(router, { ItemsService, FilesService, handle, errorBody, invalid, logger });

  async function readReservation(req, id) {
    return new ItemsService('reservations', { schema: req.schema, accountability: req.accountability }).readOne(id);
  }
};

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function positiveInt(value) {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** Administrators, and users with the Storefront policy (through their role, or given to the user itself). */
async function mayBook(database, accountability) {
  if (accountability.admin) return true;
  const roles = accountability.roles ?? (accountability.role ? [accountability.role] : []);
  if (roles.includes(ids.storefrontRole)) return true;
  const link = await database('directus_access').select('id').where({ policy: ids.storefrontPolicy })
    .andWhere((q) => {
      q.where({ user: accountability.user });
      if (roles.length) q.orWhereIn('role', roles);
    })
    .first();
  return Boolean(link);
}

/** Extras must be published ones, within their max_quantity. */
async function checkExtras(database, extras) {
  if (!Array.isArray(extras) || extras.length === 0) return null;
  const rows = await database('extras').select('code', 'max_quantity', 'status').whereIn('code', extras.map((e) => e.code));
  for (const extra of extras) {
    const row = rows.find((r) => r.code === extra.code);
    if (!row || row.status !== 'published') return `"${extra.code}" is not an extra on offer`;
    const max = Number(row.max_quantity) || 1;
    if (extra.quantity > max) return `${extra.code}: at most ${max} per rental`;
  }
  return null;
}

/**
 * The company and agent of a booking: { agent, account } when both are given, {} when neither is (null counts as not
 * given; the nulls are dropped from the payload, which the Storefront policy could not write), or { problem }.
 */
function corporateOf(payload) {
  for (const name of CORPORATE_RESERVATION_FIELDS) if (payload[name] === null) delete payload[name];
  const account = payload.corporate_account;
  const agent = payload.agent;
  if (account === undefined && agent === undefined) return {};
  if (agent === undefined) {
    return { problem: { field: 'agent', code: 'CORPORATE_AGENT_REQUIRED', message: '"agent" (the user id of the corporate agent who books) is required with "corporate_account"' } };
  }
  if (account === undefined) {
    return { problem: { field: 'corporate_account', code: 'CORPORATE_ACCOUNT_REQUIRED', message: '"corporate_account" (the agent\'s company) is required with "agent"' } };
  }
  return { account, agent };
}

/**
 * Why a corporate booking is refused, or null: the agent must be an active user with the Corporate agent role whose
 * company is `account`, and that company must be published. Read in the booking's transaction.
 */
async function refuseCorporate(trx, { account, agent }) {
  const user = await trx('directus_users').select('status', 'role', 'corporate_account').where({ id: agent }).first();
  if (!user) return { field: 'agent', code: 'AGENT_NOT_FOUND', message: `No user with id ${agent}` };
  if (user.role !== ids.agentRole) return { field: 'agent', code: 'NOT_A_CORPORATE_AGENT', message: 'This user is not a corporate agent' };
  if (user.status !== 'active') return { field: 'agent', code: 'AGENT_NOT_ACTIVE', message: `This agent's account is not active (${user.status})` };
  if (user.corporate_account === null || user.corporate_account === undefined) {
    return { field: 'agent', code: 'AGENT_WITHOUT_COMPANY', message: 'This agent is not linked to a corporate account yet' };
  }
  if (Number(user.corporate_account) !== account) {
    return { field: 'corporate_account', code: 'CORPORATE_ACCOUNT_MISMATCH', message: `The agent does not belong to corporate account ${account}` };
  }
  const company = await trx('corporate_accounts').select('status').where({ id: account }).first();
  if (!company) return { field: 'corporate_account', code: 'CORPORATE_ACCOUNT_NOT_FOUND', message: `No corporate account with id ${account}` };
  if (company.status !== 'published') {
    return { field: 'corporate_account', code: 'CORPORATE_ACCOUNT_NOT_ACTIVE', message: `Corporate account ${account} is not active (${company.status})` };
  }
  return null;
}

/** A car or pickup branch that does not exist is a bad request, not a sold-out car. */
async function unknownReference(trx, payload) {
  if (payload.car !== undefined && !(await trx('flota').select('id').where({ id: payload.car }).first())) {
    return { field: 'car', message: `No car with id ${payload.car}` };
  }
  if (payload.pickup_branch !== undefined && !(await trx('branches').select('id').where({ id: payload.pickup_branch }).first())) {
    return { field: 'pickup_branch', message: `No branch with id ${payload.pickup_branch}` };
  }
  return null;
}
