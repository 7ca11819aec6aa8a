import 'server-only';
import { customEndpoint } from '@directus/sdk';
import { z } from 'zod';
import { RENTAL_ACTIONS, RENTAL_REFUSALS, RENTAL_STATUSES, type RentalAction, type RentalRefusal, type RentalStatus } from '@rentacar/domain/rentals';
import { BOARD_STATES, type BoardState, type VehicleStatusInput } from '@rentacar/domain/vehicles';
import { serverEnv } from '@/lib/env';
import { withRequestId } from '@/lib/request-id';
import { contentRequest, endpointData } from './client';
import { ContentServiceError } from './errors';
import { counterCall, counterRefusalOf, type CounterWrite, type CounterWriteRefusal } from './counter-writes';

/**
 * The counter's reads, reshaped (docs/counter.md, "Reading at the counter"): the content service's `/counter` routes
 * called with the staff member's own access token, so the content service decides who may read (Counter staff of any
 * branch, administrators). The only code that knows those routes and their field names; the rest of the storefront
 * reads the English names below.
 */

export type CounterBranch = { id: number; code: string | null; name: string | null };

/** The signed-in user as counter staff (`GET /counter/me`). */
export type CounterUser = { id: string | null; name: string; email: string | null; language: string | null; branch: CounterBranch | null; admin: boolean };

/** Why the content service refused the token: 401 no or unknown token, 403 a user who is not counter staff. */
export type CounterRefusal = 401 | 403;

export type CounterAllowed = { allowed: true } | { allowed: false; reason: RentalRefusal | 'other_branch' | 'no_branch' };

export type CounterCar = { id: number; name: string; class: string | null; image: string | null };
export type CounterPerson = { id: string; name: string };

export type CounterDriver = {
  main: boolean;
  name: string;
  birthday: string | null;
  licenseNumber: string | null;
  licenseCountry: string | null;
  licenseExpiry: string | null;
};

export type CounterPayment = {
  kind: 'charge' | 'refund';
  status: string;
  amount: number;
  provider: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /** An instant (ISO, UTC). */
  date: string | null;
};

export type CounterPrecheckin = {
  done: boolean;
  status: string | null;
  preferredLanguage: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  flightNumber: string | null;
  licenseNumber: string | null;
  licenseCountry: string | null;
  licenseExpiry: string | null;
  idDocument: string | null;
  termsAcceptedName: string | null;
  termsAcceptedAt: string | null;
  /** File ids of the scans, in the content service's private folder (opened only with a staff token). */
  documents: { licenseFile: string | null; idFile: string | null } | null;
};

/** A reservation as the counter shows it. Amounts in cents; booked dates Panama wall-clock `YYYY-MM-DDTHH:mm`; instants ISO. */
export type CounterReservation = {
  number: string;
  brand: string | null;
  status: 'unpaid' | 'paid' | 'cancelled';
  reservationType: 'postpaid' | 'prepaid';
  paymentType: string | null;
  paymentStanding: 'payAtPickup' | 'awaitingPayment' | 'paid' | 'cancelled';
  language: string | null;
  createdAt: string | null;
  cancelledAt: string | null;
  rentalStatus: RentalStatus;
  pickupBranch: CounterBranch | null;
  returnBranch: CounterBranch | null;
  pickupAt: string | null;
  returnAt: string | null;
  days: number | null;
  car: CounterCar | null;
  coverage: string | null;
  era: boolean;
  deliveryOption: string | null;
  /** The renter's arrival flight, asked by a delivery option that meets it (meet & greet). */
  flightNumber: string | null;
  coupon: string | null;
  extras: Array<{ code: string; quantity: number; total: number }>;
  renter: {
    firstName: string | null;
    lastName: string | null;
    name: string;
    email: string | null;
    phone: string | null;
    language: string | null;
    birthday: string | null;
    license: string | null;
  };
  /** The saved quote as the renter saw it. */
  /** `label` in the booking's language; `labels` in each language, for rows saved with them. */
  lines: Array<{ code: string | null; label: string | null; amount: number; labels?: Record<string, string> }>;
  totals: Record<string, number>;
  total: number;
  payments: {
    paid: number;
    refunded: number;
    held: number;
    /** Still to pay of the booking (the domain's amountDue); the return's extra charges come on top. */
    due: number;
    returnChargesTotal: number;
    records: CounterPayment[];
  };
  precheckin: CounterPrecheckin | null;
  drivers: CounterDriver[];
  pickup: { at: string | null; by: CounterPerson | null; branch: CounterBranch | null; mileage: number | null; fuelEighths: number | null; notes: string | null; photos: string[] };
  return: {
    at: string | null;
    by: CounterPerson | null;
    mileage: number | null;
    fuelEighths: number | null;
    damageNotes: string | null;
    photos: string[];
    charges: Array<{ code: string; amount: number; quantity?: number; unitAmount?: number }>;
  };
  noShowAt: string | null;
  /** Handed over and not back by its booked return. */
  overdue: boolean;
  /** What the caller may record now. */
  allowed: Record<RentalAction, CounterAllowed>;
  /** Another rental of the same unit is late and no other unit is left for this booking. */
  lateUnitWarning: { number: string; returnAt: string | null } | null;
  /** The car handed over (docs/fleet.md): shown once assigned, 24 h before pickup by default; null before. */
  vehicle: CounterVehicle | null;
  /** How it was assigned: automatically, chosen by staff, or an upgrade (with its note). */
  vehicleAssignment: { kind: string | null; note: string | null };
  /** No unit can take this booking (a late return, a car in maintenance): staff give it one. */
  needsVehicle: boolean;
};

/** A unit as the counter shows it: its plate (normalised, `formatPlate` to show), colour, bay and model. */
export type CounterVehicle = { plate: string; colour: string | null; bay: string | null; car: { id: number | null; name: string; class: string | null } };

export type CounterDayRow = {
  number: string;
  renterName: string;
  car: { name: string; class: string | null } | null;
  pickupAt: string | null;
  returnAt: string | null;
  status: string | null;
  rentalStatus: RentalStatus;
  precheckinDone: boolean;
  overdue: boolean;
  /** Its car once assigned. */
  vehicle: CounterVehicle | null;
  needsVehicle: boolean;
};

/**
 * A branch's day: its pickups and returns (booked dates on `date`), every car of it not back in time, and the bookings
 * no unit can take ("needs a car").
 */
export type CounterDayList = {
  date: string;
  branch: CounterBranch | null;
  pickups: CounterDayRow[];
  returns: CounterDayRow[];
  overdue: CounterDayRow[];
  needsVehicle: CounterDayRow[];
};

const str = z.string().nullish().transform((value) => (value === undefined || value === '' ? null : value));
const int = z.number().int().nullish().transform((value) => value ?? null);
const cents = z.number().int().catch(0);
const branch = z.object({ id: z.number().int(), code: str, name: str }).nullish().transform((value) => value ?? null);
const person = z.object({ id: z.string(), name: z.string() }).nullish().transform((value) => value ?? null);
const rentalStatus = z.enum(RENTAL_STATUSES).catch('booked');
const vehicleSchema = z.object({
  plate: z.string(), colour: str, bay: str,
  car: z.object({ id: z.number().int().nullable(), name: z.string(), class: str }),
});

const allowed = z.union([
  z.object({ allowed: z.literal(true) }),
  z.object({ allowed: z.literal(false), reason: z.union([z.enum(RENTAL_REFUSALS), z.literal('other_branch'), z.literal('no_branch')]) }),
]);
const files = z.array(z.string()).catch([]);

const meSchema = z.object({
  id: z.string().nullable(),
  first_name: str,
  last_name: str,
  email: str,
  language: str,
  admin: z.boolean(),
  branch,
});

const reservationSchema = z.object({
  reservation_number: z.string(),
  brand: str,
  status: z.enum(['unpaid', 'paid', 'cancelled']),
  reservation_type: z.enum(['postpaid', 'prepaid']),
  payment_type: str,
  payment_standing: z.enum(['payAtPickup', 'awaitingPayment', 'paid', 'cancelled']),
  language: str,
  created_at: str,
  cancelled_at: str,
  rental_status: rentalStatus,
  pickup_branch: branch,
  return_branch: branch,
  pickup_date: str,
  return_date: str,
  days: int,
  car: z.object({ id: z.number().int(), name: z.string(), class: str, image: str }).nullable(),
  coverage: str,
  era: z.boolean(),
  delivery_option: str,
  flight_number: str,
  coupon: str,
  extras: z.array(z.object({ code: z.string(), quantity: z.number().int().catch(1), total: cents })).catch([]),
  renter: z.object({ first_name: str, last_name: str, name: z.string(), email: str, phone: str, language: str, birthday: str, license: str }),
  lines: z.array(z.object({ code: str, label: str, amount: cents, labels: z.record(z.string(), z.string()).optional().catch(undefined) })),
  totals: z.record(z.string(), z.number()),
  total: cents,
  payments: z.object({
    paid: cents,
    refunded: cents,
    held: cents,
    due: cents,
    return_charges_total: cents,
    records: z.array(z.object({ kind: z.enum(['charge', 'refund']), status: z.string(), amount: cents, provider: str, card_brand: str, card_last4: str, date: str })),
  }),
  precheckin: z.object({
    done: z.boolean(),
    status: str,
    preferred_language: str,
    contact_email: str,
    contact_phone: str,
    flight_number: str,
    license_number: str,
    license_country: str,
    license_expiry: str,
    id_document: str,
    terms_accepted_name: str,
    terms_accepted_at: str,
    documents: z.object({ license_file: str, id_file: str }).nullable(),
  }).nullable(),
  drivers: z.array(z.object({ main: z.boolean(), name: z.string(), birthday: str, license_number: str, license_country: str, license_expiry: str })),
  pickup: z.object({ at: str, by: person, branch, mileage: int, fuel_eighths: int, notes: str, photos: files }),
  return: z.object({
    at: str,
    by: person,
    mileage: int,
    fuel_eighths: int,
    damage_notes: str,
    photos: files,
    charges: z.array(z.object({ code: z.string(), amount: cents, quantity: z.number().int().optional(), unit_amount: z.number().int().optional() })),
  }),
  no_show_at: str,
  overdue: z.boolean(),
  allowed: z.object(Object.fromEntries(RENTAL_ACTIONS.map((action) => [action, allowed])) as Record<RentalAction, typeof allowed>),
  late_unit_warning: z.object({ reservation_number: z.string(), return_date: str }).nullable(),
  vehicle: vehicleSchema.nullable().catch(null),
  vehicle_assignment: str.catch(null),
  vehicle_assignment_note: str.catch(null),
  needs_vehicle: z.boolean().catch(false),
});

const dayRowSchema = z.object({
  reservation_number: z.string(),
  renter_name: z.string(),
  car: z.object({ name: z.string(), class: str }).nullable(),
  pickup_date: str,
  return_date: str,
  status: str,
  rental_status: rentalStatus,
  precheckin_done: z.boolean(),
  overdue: z.boolean(),
  vehicle: vehicleSchema.nullable().catch(null),
  needs_vehicle: z.boolean().catch(false),
});

const daySchema = z.object({
  date: z.string(), branch, pickups: z.array(dayRowSchema), returns: z.array(dayRowSchema), overdue: z.array(dayRowSchema),
  needs_vehicle: z.array(dayRowSchema).catch([]),
});

function toReservation(raw: z.infer<typeof reservationSchema>): CounterReservation {
  const precheckin = raw.precheckin;
  return {
    number: raw.reservation_number,
    brand: raw.brand,
    status: raw.status,
    reservationType: raw.reservation_type,
    paymentType: raw.payment_type,
    paymentStanding: raw.payment_standing,
    language: raw.language,
    createdAt: raw.created_at,
    cancelledAt: raw.cancelled_at,
    rentalStatus: raw.rental_status,
    pickupBranch: raw.pickup_branch,
    returnBranch: raw.return_branch,
    pickupAt: raw.pickup_date,
    returnAt: raw.return_date,
    days: raw.days,
    car: raw.car,
    coverage: raw.coverage,
    era: raw.era,
    deliveryOption: raw.delivery_option,
    flightNumber: raw.flight_number,
    coupon: raw.coupon,
    extras: raw.extras,
    renter: {
      firstName: raw.renter.first_name,
      lastName: raw.renter.last_name,
      name: raw.renter.name,
      email: raw.renter.email,
      phone: raw.renter.phone,
      language: raw.renter.language,
      birthday: raw.renter.birthday,
      license: raw.renter.license,
    },
    lines: raw.lines,
    totals: raw.totals,
    total: raw.total,
    payments: {
      paid: raw.payments.paid,
      refunded: raw.payments.refunded,
      held: raw.payments.held,
      due: raw.payments.due,
      returnChargesTotal: raw.payments.return_charges_total,
      records: raw.payments.records.map((record) => ({
        kind: record.kind,
        status: record.status,
        amount: record.amount,
        provider: record.provider,
        cardBrand: record.card_brand,
        cardLast4: record.card_last4,
        date: record.date,
      })),
    },
    precheckin: precheckin && {
      done: precheckin.done,
      status: precheckin.status,
      preferredLanguage: precheckin.preferred_language,
      contactEmail: precheckin.contact_email,
      contactPhone: precheckin.contact_phone,
      flightNumber: precheckin.flight_number,
      licenseNumber: precheckin.license_number,
      licenseCountry: precheckin.license_country,
      licenseExpiry: precheckin.license_expiry,
      idDocument: precheckin.id_document,
      termsAcceptedName: precheckin.terms_accepted_name,
      termsAcceptedAt: precheckin.terms_accepted_at,
      documents: precheckin.documents && { licenseFile: precheckin.documents.license_file, idFile: precheckin.documents.id_file },
    },
    drivers: raw.drivers.map((driver) => ({
      main: driver.main,
      name: driver.name,
      birthday: driver.birthday,
      licenseNumber: driver.license_number,
      licenseCountry: driver.license_country,
      licenseExpiry: driver.license_expiry,
    })),
    pickup: {
      at: raw.pickup.at,
      by: raw.pickup.by,
      branch: raw.pickup.branch,
      mileage: raw.pickup.mileage,
      fuelEighths: raw.pickup.fuel_eighths,
      notes: raw.pickup.notes,
      photos: raw.pickup.photos,
    },
    return: {
      at: raw.return.at,
      by: raw.return.by,
      mileage: raw.return.mileage,
      fuelEighths: raw.return.fuel_eighths,
      damageNotes: raw.return.damage_notes,
      photos: raw.return.photos,
      charges: raw.return.charges.map(({ unit_amount: unitAmount, ...line }) => ({ ...line, ...(unitAmount === undefined ? {} : { unitAmount }) })),
    },
    noShowAt: raw.no_show_at,
    overdue: raw.overdue,
    allowed: Object.fromEntries(RENTAL_ACTIONS.map((action) => [action, raw.allowed[action]])) as Record<RentalAction, CounterAllowed>,
    lateUnitWarning: raw.late_unit_warning && { number: raw.late_unit_warning.reservation_number, returnAt: raw.late_unit_warning.return_date },
    vehicle: raw.vehicle,
    vehicleAssignment: { kind: raw.vehicle_assignment, note: raw.vehicle_assignment_note },
    needsVehicle: raw.needs_vehicle,
  };
}

function toDayRow(raw: z.infer<typeof dayRowSchema>): CounterDayRow {
  return {
    number: raw.reservation_number,
    renterName: raw.renter_name,
    car: raw.car,
    pickupAt: raw.pickup_date,
    returnAt: raw.return_date,
    status: raw.status,
    rentalStatus: raw.rental_status,
    precheckinDone: raw.precheckin_done,
    overdue: raw.overdue,
    vehicle: raw.vehicle,
    needsVehicle: raw.needs_vehicle,
  };
}

/** 401 and 403 are answers (the token is not a counter staff member's), not failures. */
function refusalOf(error: unknown): CounterRefusal | undefined {
  if (error instanceof ContentServiceError && (error.statusCode === 401 || error.statusCode === 403)) return error.statusCode;
  return undefined;
}

/** The user of `accessToken` as counter staff, or why not (401 unknown or expired token, 403 not counter staff). */
export async function fetchCounterUser(accessToken: string): Promise<CounterUser | { refused: CounterRefusal }> {
  try {
    const raw = meSchema.parse(endpointData(await contentRequest('GET /counter/me', customEndpoint<unknown>({ path: '/counter/me', method: 'GET' }), { user: accessToken }, [401, 403])));
    return {
      id: raw.id,
      name: [raw.first_name, raw.last_name].filter(Boolean).join(' ') || (raw.email ?? ''),
      email: raw.email,
      language: raw.language,
      branch: raw.branch,
      admin: raw.admin,
    };
  } catch (error) {
    const refused = refusalOf(error);
    if (refused !== undefined) return { refused };
    throw error;
  }
}

/** One reservation for the counter, read with the staff member's token; undefined when no reservation has this number. */
export async function readCounterReservation(number: string, accessToken: string): Promise<CounterReservation | undefined | { refused: CounterRefusal }> {
  try {
    const path = `/counter/reservations/${encodeURIComponent(number)}`;
    const raw = await contentRequest(`GET ${path}`, customEndpoint<unknown>({ path, method: 'GET' }), { user: accessToken }, [401, 403, 404]);
    return toReservation(reservationSchema.parse(endpointData(raw)));
  } catch (error) {
    if (error instanceof ContentServiceError && error.statusCode === 404) return undefined;
    const refused = refusalOf(error);
    if (refused !== undefined) return { refused };
    throw error;
  }
}

/** A branch's day (`date` `YYYY-MM-DD`, Panama), read with the staff member's token: their own branch, or `branch` for an administrator. */
export async function readCounterDay(accessToken: string, date: string, branchId?: number): Promise<CounterDayList | { refused: CounterRefusal }> {
  try {
    const params: Record<string, string> = { date };
    if (branchId !== undefined) params.branch = String(branchId);
    const raw = daySchema.parse(endpointData(await contentRequest('GET /counter/today', customEndpoint<unknown>({ path: '/counter/today', method: 'GET', params }), { user: accessToken }, [401, 403])));
    return {
      date: raw.date, branch: raw.branch, pickups: raw.pickups.map(toDayRow), returns: raw.returns.map(toDayRow), overdue: raw.overdue.map(toDayRow),
      needsVehicle: raw.needs_vehicle.map(toDayRow),
    };
  } catch (error) {
    const refused = refusalOf(error);
    if (refused !== undefined) return { refused };
    throw error;
  }
}

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A file of the content service (a pre-check-in scan, a counter photo) read with the staff member's token, as the
 * content service streams it: its status, type and body. The content service's own permissions decide (the Counter
 * staff policy reads the pre-check-in folder); undefined for an id that cannot be a file's.
 */
export async function openCounterFile(fileId: string, accessToken: string): Promise<Response | undefined> {
  if (!FILE_ID.test(fileId)) return undefined;
  try {
    return await fetch(`${serverEnv().directusUrl}/assets/${encodeURIComponent(fileId)}`, {
      headers: withRequestId({ authorization: `Bearer ${accessToken}` }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new ContentServiceError(`GET /assets/${fileId} failed: ${String(error)}`, 503, 'Content service unreachable', null);
  }
}

// The fleet board (docs/fleet.md, "At the counter"): `GET /counter/vehicles` and `POST /counter/vehicles/:plate/status`,
// with the staff member's token. Any staff member reads any branch's board; only the unit's branch changes its state.

/** A unit on a branch's fleet board. Booked dates are Panama wall clock `YYYY-MM-DDTHH:mm`; `statusChangedAt` an instant. */
export type CounterFleetUnit = CounterVehicle & {
  year: number | null;
  /** Where it stands on this branch's board (the domain's `BOARD_STATES`). */
  state: BoardState;
  status: string | null;
  statusNote: string | null;
  statusChangedAt: string | null;
  /** In maintenance or out of service: from when it may be rented again. */
  availableFrom: string | null;
  mileage: number | null;
  fuelEighths: number | null;
  nextServiceKm: number | null;
  nextServiceDate: string | null;
  serviceDue: boolean;
  /** The rental that has it out (on rent, or arriving here). */
  rental: { number: string | null; expectedReturn: string | null; returnBranch: number | null; late: boolean } | null;
  /** Its next booking, once assigned. */
  nextBooking: { number: string | null; pickupAt: string | null } | null;
};

/** A branch's fleet board: its units by state, and whether the caller may change their states (their own branch). */
export type CounterFleet = { branch: number; mayAct: boolean; counts: Record<BoardState, number>; vehicles: CounterFleetUnit[] };

/** The board's filters, as the content service takes them: a branch id, a board state, an ACRISS class. */
export type CounterFleetQuery = { branch?: number; status?: BoardState; class?: string };

const fleetUnitSchema = vehicleSchema.extend({
  year: int,
  state: z.enum(BOARD_STATES),
  status: str,
  status_note: str,
  status_changed_at: str,
  available_from: str,
  mileage: int,
  fuel_eighths: int,
  next_service_km: int,
  next_service_date: str,
  service_due: z.boolean().catch(false),
  rental: z.object({ reservation_number: str, expected_return: str, return_branch: int.catch(null), late: z.boolean().catch(false) }).nullable().catch(null),
  next_booking: z.object({ reservation_number: str, pickup_date: str }).nullable().catch(null),
});

const fleetSchema = z.object({
  branch: z.number().int(),
  may_act: z.boolean(),
  counts: z.object(Object.fromEntries(BOARD_STATES.map((state) => [state, z.number().int().catch(0)])) as Record<BoardState, z.ZodCatch<z.ZodNumber>>),
  vehicles: z.array(fleetUnitSchema),
});

function toFleetUnit(raw: z.infer<typeof fleetUnitSchema>): CounterFleetUnit {
  return {
    plate: raw.plate,
    colour: raw.colour,
    bay: raw.bay,
    car: raw.car,
    year: raw.year,
    state: raw.state,
    status: raw.status,
    statusNote: raw.status_note,
    statusChangedAt: raw.status_changed_at,
    availableFrom: raw.available_from,
    mileage: raw.mileage,
    fuelEighths: raw.fuel_eighths,
    nextServiceKm: raw.next_service_km,
    nextServiceDate: raw.next_service_date,
    serviceDue: raw.service_due,
    rental: raw.rental && { number: raw.rental.reservation_number, expectedReturn: raw.rental.expected_return, returnBranch: raw.rental.return_branch, late: raw.rental.late },
    nextBooking: raw.next_booking && { number: raw.next_booking.reservation_number, pickupAt: raw.next_booking.pickup_date },
  };
}

const FLEET_REFUSALS = [400, 401, 403, 404, 409] as const;

/**
 * A branch's fleet board, read with the staff member's token (their own branch unless `query.branch` names another; an
 * administrator must name one), or the content service's refusal: 400 a filter it does not take (`field`), 401, 403.
 */
export async function readCounterFleet(accessToken: string, query: CounterFleetQuery = {}): Promise<CounterFleet | { refused: CounterWriteRefusal }> {
  const params: Record<string, string> = {};
  if (query.branch !== undefined) params.branch = String(query.branch);
  if (query.status !== undefined) params.status = query.status;
  if (query.class !== undefined) params.class = query.class;
  try {
    const raw = fleetSchema.parse(endpointData(await contentRequest('GET /counter/vehicles', customEndpoint<unknown>({ path: '/counter/vehicles', method: 'GET', params }), { user: accessToken }, FLEET_REFUSALS)));
    return { branch: raw.branch, mayAct: raw.may_act, counts: raw.counts, vehicles: raw.vehicles.map(toFleetUnit) };
  } catch (error) {
    const refused = counterRefusalOf(error);
    if (refused !== undefined) return { refused };
    throw error;
  }
}

/**
 * A unit's new status (`body` as the content service takes it: `{ status, note?, available_from? }`), as the staff
 * member. Answers the unit and the bookings moved to another unit or put on "needs a car", or the refusal: 403
 * `OTHER_BRANCH`, 404 `NOT_FOUND`, 409 `VEHICLE_ON_RENT`, 400 `INVALID_PAYLOAD` with its field.
 */
export function changeVehicleStatus(accessToken: string, plate: string, body: VehicleStatusInput): Promise<CounterWrite> {
  return counterCall('POST /counter/vehicles/:plate/status', `/counter/vehicles/${encodeURIComponent(plate)}/status`, 'POST', accessToken, body);
}
