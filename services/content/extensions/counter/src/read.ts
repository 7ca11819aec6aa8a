// What the counter reads (docs/counter.md, "Reading at the counter"): any Counter staff member (of any branch: a renter
// may come to another counter) and administrators; 401 without a token, 403 for any other user, as the actions.
//
//   GET /counter/me                              the caller as counter staff: name, e-mail, branch, admin
//   GET /counter/reservations/:number            one reservation shaped for the counter, with what THIS caller may do
//   GET /counter/today?date=YYYY-MM-DD&branch=   a branch's pickups and returns of a day, and its cars not back in time
//
// The rules (what is overdue, which action is allowed, what the stock counts) are the domain's; this file only reads the
// rows, with the endpoint's rights once the caller is known to be staff.
import type { Filter, SchemaOverview } from '@directus/types';
import { addDaysToLocalDate, formatPanamaDate, formatPanamaDateTime, parseLocalDate } from '@rentacar/domain/dates';
import { amountHeld, isPaymentStatus } from '@rentacar/domain/payments';
import { amountDue } from '@rentacar/domain/precheckin';
import { paymentStanding } from '@rentacar/domain/reservations';
import { decideRentalAction, isOverdue, RENTAL_ACTIONS, rentalStatusOf, type RentalAction, type RentalRefusal } from '@rentacar/domain/rentals';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { ItemsServiceClass, Knex } from '../../shared/directus';
import { errorBody, invalid, type AsyncRoute } from '../../shared/endpoint';
import { modelAvailability, wishOf } from '@rentacar/domain/vehicles';
import { OCCUPANCY_FIELDS, readBookingRules } from '../../shared/occupancy';
import { readModelPlan, unitRentalOf } from '../../shared/units';
import { assignedVehicleOf, RESERVATION_VEHICLE_FIELDS } from './fleet';
import { branchId, branchOf, staffOf, type Staff } from './staff';

type Row = Record<string, unknown>;

const BRANCH = ['id', 'code', 'name'];
const USER = ['id', 'first_name', 'last_name'];
const nested = (field: string, names: string[]) => names.map((name) => `${field}.${name}`);

const RESERVATION_FIELDS = [
  'id', 'reservation_number', 'brand', 'status', 'reservation_type', 'payment_type', 'language', 'date_created', 'cancelled_at',
  'pickup_date', 'return_date', 'days', 'era', 'flight_number', 'extras', 'lines',
  'car_total', 'coverage_total', 'era_total', 'extras_total', 'dropoff', 'delivery_price', 'coupon_discount', 'young_driver_fee',
  'subtotal', 'airport_tax', 'tax', 'total',
  'client_name', 'client_last_name', 'client_email', 'client_phone', 'client_birthday', 'client_license',
  ...RESERVATION_VEHICLE_FIELDS, 'rental_status', 'picked_up_at', 'mileage_out', 'fuel_out', 'pickup_notes', 'pickup_photos',
  'returned_at', 'mileage_in', 'fuel_in', 'damage_notes', 'damage_photos', 'return_charges', 'no_show_at',
  ...nested('car', ['id', 'marca', 'modelo', 'clasificacion', 'image']),
  ...nested('coverage', ['code']), ...nested('delivery_option', ['code']), ...nested('coupon', ['code']),
  ...nested('pickup_branch', BRANCH), ...nested('return_branch', BRANCH), ...nested('pickup_branch_actual', BRANCH),
  ...nested('picked_up_by', USER), ...nested('returned_by', USER),
];

const PRECHECKIN_FIELDS = [
  'status', 'preferred_language', 'contact_email', 'contact_phone', 'flight_number', 'license_number', 'license_country',
  'license_expiry', 'id_document', 'license_file', 'id_file', 'additional_drivers', 'terms_accepted_name', 'terms_accepted_at',
];

const DAY_FIELDS = [
  'id', 'reservation_number', 'status', 'rental_status', 'client_name', 'client_last_name', 'pickup_date', 'return_date',
  'pickup_branch', 'return_branch', 'picked_up_at', 'returned_at', ...nested('car', ['id', 'marca', 'modelo', 'clasificacion']),
  ...RESERVATION_VEHICLE_FIELDS,
];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const cents = (value: unknown): number => {
  const amount = Number(value);
  return Number.isSafeInteger(amount) ? amount : 0;
};
const intOrNull = (value: unknown): number | null => (value === null || value === undefined || !Number.isSafeInteger(Number(value)) ? null : Number(value));
const object = (value: unknown): Row | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** The text values of an object (a line's label in each language), others left out. */
const textsOf = (row: Row): Record<string, string> => Object.fromEntries(Object.entries(row).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
const fullName = (first: unknown, last: unknown) => [text(first), text(last)].filter(Boolean).join(' ');

function branchOut(value: unknown): { id: number; code: string | null; name: string | null } | null {
  const row = object(value);
  const id = branchId(row?.id ?? value);
  return id === null ? null : { id, code: text(row?.code), name: text(row?.name) };
}

function userOut(value: unknown): { id: string; name: string } | null {
  const row = object(value);
  const id = text(row?.id ?? value);
  return id === null ? null : { id, name: fullName(row?.first_name, row?.last_name) };
}

function carOut(value: unknown): { id: number; name: string; class: string | null; image: string | null } | null {
  const row = object(value);
  const id = intOrNull(row?.id);
  return row === null || id === null ? null : { id, name: fullName(row.marca, row.modelo), class: text(row.clasificacion), image: text(row.image) };
}

/** A date-time as Directus answers it (`YYYY-MM-DDTHH:mm:ss`), to the minute as the booking API writes it. */
const wallClock = (value: unknown): string | null => (typeof value === 'string' ? value.slice(0, 16) : null);

export type AllowedAction = { allowed: true } | { allowed: false; reason: RentalRefusal | 'other_branch' | 'no_branch' };

/** What this caller may record now: the domain's order of events, then the branch rule of the actions. */
export function allowedActions(row: Row, staff: Staff, now: Date): Record<RentalAction, AllowedAction> {
  const entries = RENTAL_ACTIONS.map((action): [RentalAction, AllowedAction] => {
    let decision: ReturnType<typeof decideRentalAction>;
    try {
      decision = decideRentalAction(action, { status: text(row.status), rentalStatus: row.rental_status, pickupDate: typeof row.pickup_date === 'string' ? row.pickup_date : '' }, now);
    } catch {
      // A row without a readable pickup date cannot be a no-show yet.
      decision = { allowed: false, reason: 'pickup_time_not_reached' };
    }
    if (!decision.allowed) return [action, { allowed: false, reason: decision.reason }];
    if (staff.admin) return [action, { allowed: true }];
    if (staff.branch === null) return [action, { allowed: false, reason: 'no_branch' }];
    const at = branchOf(action, { pickup_branch: branchOut(row.pickup_branch)?.id ?? null, return_branch: branchOut(row.return_branch)?.id ?? null });
    return [action, at === staff.branch ? { allowed: true } : { allowed: false, reason: 'other_branch' }];
  });
  return Object.fromEntries(entries) as Record<RentalAction, AllowedAction>;
}

/** Only a number as printed (letters, digits, dashes), in upper case; anything else is no reservation. */
function numberParam(value: unknown): string | null {
  const number = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[A-Z0-9-]{1,32}$/.test(number) ? number : null;
}

export function registerReads(router: Router, { ItemsService, database, handle }: { ItemsService: ItemsServiceClass; database: Knex; handle: (route: AsyncRoute) => RequestHandler }): void {
  /** The caller as staff, or the refusal already sent. */
  const staffFor = async (req: Request, res: Response): Promise<Staff | undefined> => {
    const staff = await staffOf(database, req.accountability);
    if (staff === 401) {
      res.status(401).json(errorBody('A valid access token is required', { code: 'INVALID_CREDENTIALS' }));
      return undefined;
    }
    if (staff === 403) {
      res.status(403).json(errorBody('Only counter staff and administrators may use /counter', { code: 'FORBIDDEN' }));
      return undefined;
    }
    return staff;
  };
  const items = (collection: string, schema: SchemaOverview) => new ItemsService(collection, { knex: database, schema });

  router.get('/me', handle(async (req, res) => {
    const staff = await staffFor(req, res);
    if (!staff) return;
    const user = staff.user
      ? ((await database('directus_users').select('id', 'first_name', 'last_name', 'email', 'language').where({ id: staff.user }).first()) as Row | undefined)
      : undefined;
    const branch = staff.branch === null ? null : ((await database('branches').select(...BRANCH).where({ id: staff.branch }).first()) as Row | undefined);
    return res.json({
      data: {
        id: staff.user,
        first_name: text(user?.first_name),
        last_name: text(user?.last_name),
        email: text(user?.email),
        language: text(user?.language),
        admin: staff.admin,
        branch: branch ? branchOut(branch) : null,
      },
    });
  }));

  router.get('/reservations/:number', handle(async (req, res) => {
    const staff = await staffFor(req, res);
    if (!staff) return;
    const number = numberParam(req.params.number);
    const [row] = number === null
      ? []
      : ((await items('reservations', req.schema).readByQuery({ filter: { reservation_number: { _eq: number } }, fields: RESERVATION_FIELDS, limit: 1 })) as Row[]);
    if (!row) return res.status(404).json(errorBody('No reservation with this number', { code: 'NOT_FOUND' }));
    const now = new Date();
    const id = Number(row.id);
    const payments = (await items('payments', req.schema).readByQuery({
      filter: { reservation: { _eq: id } },
      fields: ['kind', 'provider', 'status', 'amount', 'card_brand', 'card_last4', 'date_created', 'settled_at'],
      sort: ['date_created'],
      limit: -1,
    })) as Row[];
    const [precheckin] = (await items('precheckins', req.schema).readByQuery({ filter: { reservation: { _eq: id } }, fields: PRECHECKIN_FIELDS, limit: 1 })) as Row[];
    return res.json({ data: { ...shapeReservation(row, payments, precheckin, staff, now), late_unit_warning: await lateUnitWarning(row, req.schema, now) } });
  }));

  router.get('/today', handle(async (req, res) => {
    const staff = await staffFor(req, res);
    if (!staff) return;
    const now = new Date();
    const dateParam = req.query.date;
    if (dateParam !== undefined && (typeof dateParam !== 'string' || parseLocalDate(dateParam) === null)) return invalid(res, 'date', 'date must be a day as YYYY-MM-DD');
    const date = typeof dateParam === 'string' ? dateParam : formatPanamaDate(now);
    const branchParam = req.query.branch;
    let branch: number | null;
    if (branchParam !== undefined) {
      branch = typeof branchParam === 'string' && /^[1-9][0-9]{0,9}$/.test(branchParam) ? Number(branchParam) : null;
      if (branch === null) return invalid(res, 'branch', 'branch must be a branch id');
      if (!staff.admin && branch !== staff.branch) {
        return res.status(403).json(errorBody('Staff see the day of their own branch', { code: 'OTHER_BRANCH' }));
      }
    } else if (staff.admin) {
      return invalid(res, 'branch', 'An administrator names the branch (?branch=<id>)');
    } else if (staff.branch === null) {
      return res.status(403).json(errorBody('This counter staff member has no branch: an administrator sets it on the user', { code: 'NO_BRANCH' }));
    } else {
      branch = staff.branch;
    }
    const branchRow = (await database('branches').select(...BRANCH).where({ id: branch }).first()) as Row | undefined;
    if (!branchRow) return res.status(404).json(errorBody('No branch with this id', { code: 'NOT_FOUND' }));

    const from = `${date}T00:00:00`;
    const to = `${addDaysToLocalDate(date, 1)}T00:00:00`;
    const returnsHere: Filter = { _or: [{ return_branch: { _eq: branch } }, { _and: [{ return_branch: { _null: true } }, { pickup_branch: { _eq: branch } }] }] };
    // A cancelled booking is not coming, unless its car was handed over anyway.
    const live: Filter = { _or: [{ status: { _null: true } }, { status: { _neq: 'cancelled' } }, { rental_status: { _in: ['picked_up', 'returned'] } }] };
    const read = async (filter: Filter, sort: string) =>
      (await items('reservations', req.schema).readByQuery({ filter: { _and: [live, filter] }, fields: DAY_FIELDS, sort: [sort, 'reservation_number'], limit: -1 })) as Row[];
    const [pickups, returns, out, needsVehicle] = await Promise.all([
      read({ _and: [{ pickup_branch: { _eq: branch } }, { pickup_date: { _gte: from } }, { pickup_date: { _lt: to } }] }, 'pickup_date'),
      read({ _and: [returnsHere, { return_date: { _gte: from } }, { return_date: { _lt: to } }] }, 'return_date'),
      read({ _and: [returnsHere, { rental_status: { _eq: 'picked_up' } }, { return_date: { _lt: formatPanamaDateTime(now) } }] }, 'return_date'),
      // Bookings the assignment pass found no unit for (a late return, a car sent to maintenance): staff give them one.
      read({ _and: [{ pickup_branch: { _eq: branch } }, { needs_vehicle_since: { _nnull: true } }, { _or: [{ rental_status: { _null: true } }, { rental_status: { _eq: 'booked' } }] }, { status: { _neq: 'cancelled' } }] }, 'pickup_date'),
    ]);
    const overdue = out.filter((row) => isOverdue({ rentalStatus: row.rental_status, returnDate: row.return_date }, now));
    const ids = [...new Set([...pickups, ...returns, ...overdue, ...needsVehicle].map((row) => Number(row.id)))];
    const done = ids.length === 0
      ? new Set<number>()
      : new Set(((await items('precheckins', req.schema).readByQuery({ filter: { _and: [{ reservation: { _in: ids } }, { status: { _eq: 'paid' } }] }, fields: ['reservation'], limit: -1 })) as Row[])
        .map((row) => Number(row.reservation)));
    const shape = (row: Row) => ({
      reservation_number: String(row.reservation_number),
      renter_name: fullName(row.client_name, row.client_last_name),
      car: carOut(row.car),
      pickup_date: wallClock(row.pickup_date),
      return_date: wallClock(row.return_date),
      status: text(row.status),
      rental_status: rentalStatusOf(row.rental_status),
      precheckin_done: done.has(Number(row.id)),
      overdue: isOverdue({ rentalStatus: row.rental_status, returnDate: row.return_date }, now),
      vehicle: assignedVehicleOf(row),
      needs_vehicle: text(row.needs_vehicle_since) !== null,
    });
    return res.json({
      data: {
        date, branch: branchOut(branchRow), pickups: pickups.map(shape), returns: returns.map(shape), overdue: overdue.map(shape), needs_vehicle: needsVehicle.map(shape),
      },
    });
  }));

  /**
   * A booking whose unit may still be out: the unit it holds was handed over to another reservation that is not back by
   * its booked return (the assignment pass moves the booking to another ready unit when there is one); or, for a booking
   * that holds no unit yet, no unit of its model is free for it while a car of that model is late at its branch. Names
   * the late reservation (the one due back first) and its booked return.
   */
  async function lateUnitWarning(row: Row, schema: SchemaOverview, now: Date): Promise<{ reservation_number: string; return_date: string | null } | null> {
    if (rentalStatusOf(row.rental_status) !== 'booked' || row.status === 'cancelled') return null;
    const vehicle = intOrNull(object(row.vehicle)?.id ?? row.vehicle);
    const car = intOrNull(object(row.car)?.id);
    const branch = branchOut(row.pickup_branch)?.id ?? null;
    if (vehicle === null && (car === null || branch === null)) return null;
    const late = ((await items('reservations', schema).readByQuery({
      filter: {
        _and: [
          vehicle === null ? { _and: [{ car: { _eq: car } }, { pickup_branch: { _eq: branch } }] } : { vehicle: { _eq: vehicle } },
          { rental_status: { _eq: 'picked_up' } }, { id: { _neq: Number(row.id) } },
        ],
      },
      fields: ['reservation_number', 'rental_status', 'return_date'],
      sort: ['return_date'],
      limit: -1,
    })) as Row[]).filter((other) => isOverdue({ rentalStatus: other.rental_status, returnDate: other.return_date }, now));
    const first = late[0];
    if (!first) return null;
    if (vehicle === null) {
      const [own] = (await items('reservations', schema).readByQuery({ filter: { id: { _eq: Number(row.id) } }, fields: OCCUPANCY_FIELDS, limit: 1 })) as Row[];
      const wish = own ? wishOf(unitRentalOf(own)) : null;
      if (wish === null || car === null) return null;
      const plan = await readModelPlan({ ItemsService, knex: database, schema }, car, now);
      const rules = await readBookingRules(database, row.brand);
      if (modelAvailability(plan.units, plan.rentals, wish, rules, now, String(row.id)).free > 0) return null;
    }
    return { reservation_number: String(first.reservation_number), return_date: wallClock(first.return_date) };
  }
}

/** The reservation as the counter shows it (snake_case, cents), without the warning (read apart). */
export function shapeReservation(row: Row, payments: Row[], precheckin: Row | undefined, staff: Staff, now: Date) {
  const status = row.status === 'paid' || row.status === 'cancelled' ? row.status : 'unpaid';
  const records = payments.flatMap((payment) => {
    const kind: 'charge' | 'refund' | null = payment.kind === 'refund' ? 'refund' : payment.kind === 'charge' ? 'charge' : null;
    const paymentStatus = isPaymentStatus(payment.status) ? payment.status : null;
    return kind && paymentStatus ? [{ kind, status: paymentStatus, amount: cents(payment.amount), provider: text(payment.provider), card_brand: text(payment.card_brand), card_last4: text(payment.card_last4), date: text(payment.settled_at) ?? text(payment.date_created) }] : [];
  });
  const succeeded = (kind: 'charge' | 'refund') => records.filter((record) => record.kind === kind && record.status === 'succeeded').reduce((sum, record) => sum + record.amount, 0);
  const held = amountHeld(records);
  const total = cents(row.total);
  const returnCharges = list(row.return_charges).flatMap((line) => {
    const value = object(line);
    return value && typeof value.code === 'string' ? [{ code: value.code, amount: cents(value.amount), ...(value.quantity === undefined ? {} : { quantity: cents(value.quantity) }), ...(value.unitAmount === undefined ? {} : { unit_amount: cents(value.unitAmount) }) }] : [];
  });
  const renter = {
    first_name: text(row.client_name),
    last_name: text(row.client_last_name),
    name: fullName(row.client_name, row.client_last_name),
    email: text(row.client_email),
    phone: text(row.client_phone),
    language: text(row.language),
    birthday: text(row.client_birthday),
    license: text(row.client_license),
  };
  const documents = precheckin ? { license_file: text(precheckin.license_file), id_file: text(precheckin.id_file) } : null;
  const additional = precheckin ? list(precheckin.additional_drivers).flatMap((entry) => {
    const driver = object(entry);
    return driver ? [{
      main: false,
      name: fullName(driver.first_name, driver.last_name),
      birthday: text(driver.birthday),
      license_number: text(driver.license_number),
      license_country: text(driver.license_country),
      license_expiry: text(driver.license_expiry),
    }] : [];
  }) : [];
  return {
    reservation_number: String(row.reservation_number),
    brand: text(row.brand),
    status,
    reservation_type: row.reservation_type === 'prepaid' ? 'prepaid' : 'postpaid',
    payment_type: text(row.payment_type),
    payment_standing: paymentStanding({ status, reservationType: row.reservation_type === 'prepaid' ? 'prepaid' : 'postpaid' }),
    language: text(row.language),
    created_at: text(row.date_created),
    cancelled_at: text(row.cancelled_at),
    rental_status: rentalStatusOf(row.rental_status),
    pickup_branch: branchOut(row.pickup_branch),
    return_branch: branchOut(row.return_branch) ?? branchOut(row.pickup_branch),
    pickup_date: wallClock(row.pickup_date),
    return_date: wallClock(row.return_date),
    days: intOrNull(row.days),
    car: carOut(row.car),
    // The unit handed over: shown once it is assigned (the assignment pass, or staff); `needs_vehicle` when none can be.
    vehicle: assignedVehicleOf(row),
    vehicle_assignment: text(row.vehicle_assignment),
    vehicle_assignment_note: text(row.vehicle_assignment_note),
    needs_vehicle: text(row.needs_vehicle_since) !== null,
    coverage: text(object(row.coverage)?.code),
    era: row.era === true,
    delivery_option: text(object(row.delivery_option)?.code),
    flight_number: text(row.flight_number),
    coupon: text(object(row.coupon)?.code),
    extras: list(row.extras),
    renter,
    lines: list(row.lines).flatMap((line) => {
      const value = object(line);
      const labels = object(value?.labels);
      return value ? [{ code: text(value.code), label: text(value.label), amount: cents(value.amount), ...(labels ? { labels: textsOf(labels) } : {}) }] : [];
    }),
    totals: Object.fromEntries(['car_total', 'coverage_total', 'era_total', 'extras_total', 'dropoff', 'delivery_price', 'coupon_discount', 'young_driver_fee', 'subtotal', 'airport_tax', 'tax', 'total'].map((name) => [name, cents(row[name])])),
    total,
    payments: {
      paid: succeeded('charge'),
      refunded: succeeded('refund'),
      held,
      // What is still to pay of the booking (the domain's amountDue); the return's extra charges come on top.
      due: amountDue({ total, held, status }),
      return_charges_total: returnCharges.reduce((sum, line) => sum + line.amount, 0),
      records,
    },
    precheckin: precheckin ? {
      done: precheckin.status === 'paid',
      status: text(precheckin.status),
      preferred_language: text(precheckin.preferred_language),
      contact_email: text(precheckin.contact_email),
      contact_phone: text(precheckin.contact_phone),
      flight_number: text(precheckin.flight_number),
      license_number: text(precheckin.license_number),
      license_country: text(precheckin.license_country),
      license_expiry: text(precheckin.license_expiry),
      id_document: text(precheckin.id_document),
      terms_accepted_name: text(precheckin.terms_accepted_name),
      terms_accepted_at: wallClock(precheckin.terms_accepted_at),
      documents,
    } : null,
    drivers: [
      {
        main: true,
        name: renter.name,
        birthday: renter.birthday,
        license_number: text(precheckin?.license_number) ?? renter.license,
        license_country: text(precheckin?.license_country),
        license_expiry: text(precheckin?.license_expiry),
      },
      ...additional,
    ],
    pickup: {
      at: text(row.picked_up_at), by: userOut(row.picked_up_by), branch: branchOut(row.pickup_branch_actual),
      mileage: intOrNull(row.mileage_out), fuel_eighths: intOrNull(row.fuel_out), notes: text(row.pickup_notes), photos: list(row.pickup_photos).filter((id) => typeof id === 'string'),
    },
    return: {
      at: text(row.returned_at), by: userOut(row.returned_by),
      mileage: intOrNull(row.mileage_in), fuel_eighths: intOrNull(row.fuel_in), damage_notes: text(row.damage_notes), photos: list(row.damage_photos).filter((id) => typeof id === 'string'),
      charges: returnCharges,
    },
    no_show_at: text(row.no_show_at),
    overdue: isOverdue({ rentalStatus: row.rental_status, returnDate: row.return_date }, now),
    allowed: allowedActions(row, staff, now),
  };
}
