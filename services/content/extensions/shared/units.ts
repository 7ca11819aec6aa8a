// The units (`vehicles`) and the reservations that hold them, read from the database for the domain's availability rule
// (@rentacar/domain/vehicles): what the booking check (POST/PATCH /booking/reservations, a late payment at
// /payments-ledger), GET /booking/availability, the assignment job and the counter read. The rule itself is the
// domain's; this file only reads rows and writes a reservation's unit.
//
// Everything here that chooses a unit runs inside a transaction that has locked the car model (Writer.lockCar): two
// bookings of the same model are checked one after the other, bookings of different models do not wait for each other.
import type { Filter, SchemaOverview } from '@directus/types';
import { formatPanamaDateTime, normalizeLocalDateTimeSeconds } from '@rentacar/domain/dates';
import type { BookingRules } from '@rentacar/domain/reservations';
import { assignmentHoursOf, assignmentIsDue, modelAvailability, type ModelAvailability, type PlannedUnit, type RentalWish, type UnitRental } from '@rentacar/domain/vehicles';
import type { ItemsServiceClass, Knex } from './directus';
import { OCCUPANCY_FIELDS } from './occupancy';

export const VEHICLE_FIELDS = ['id', 'car', 'current_branch', 'status', 'available_from', 'mileage', 'next_service_km', 'next_service_date'];

// Rentals that ended this long ago no longer say anything about a unit: its current branch does.
const PAST_RENTALS_DAYS = 7;

type Row = Record<string, unknown>;

const idText = (value: unknown): string | null => {
  if (value !== null && typeof value === 'object' && 'id' in value) return idText(value.id);
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : null;
};
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const numberOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

export function plannedUnitOf(row: Row): PlannedUnit {
  const availableFrom = textOrNull(row.available_from);
  const serviceDate = textOrNull(row.next_service_date);
  return {
    id: idText(row.id) ?? '',
    car: idText(row.car) ?? '',
    currentBranch: idText(row.current_branch),
    status: textOrNull(row.status),
    availableFrom: availableFrom === null ? null : availableFrom.slice(0, 19),
    mileage: numberOrNull(row.mileage),
    nextServiceKm: numberOrNull(row.next_service_km),
    nextServiceDate: serviceDate === null ? null : serviceDate.slice(0, 10),
  };
}

export function unitRentalOf(row: Row): UnitRental {
  return {
    id: idText(row.id) ?? '',
    car: idText(row.car) ?? '',
    vehicle: idText(row.vehicle),
    pickupBranch: idText(row.pickup_branch),
    returnBranch: idText(row.return_branch),
    rentalStatus: row.rental_status,
    pickupDate: row.pickup_date,
    returnDate: row.return_date,
    pickedUpAt: textOrNull(row.picked_up_at),
    returnedAt: textOrNull(row.returned_at),
    status: textOrNull(row.status),
    type: textOrNull(row.reservation_type),
    createdAt: textOrNull(row.date_created),
  };
}

export interface UnitPlan {
  units: PlannedUnit[];
  rentals: UnitRental[];
}

interface PlanSource {
  ItemsService: ItemsServiceClass;
  knex: Knex;
  schema: SchemaOverview;
}

/**
 * The units matching `unitFilter` and the reservations that may still hold them or their models: not cancelled (unless
 * the car was handed over), not a no-show, and not over for a week. Read through Directus so that date-times come
 * back alike from SQLite and PostgreSQL.
 */
async function readPlan({ ItemsService, knex, schema }: PlanSource, unitFilter: Filter, modelRentalFilter: Filter | null, now: Date): Promise<UnitPlan> {
  const unitRows = (await new ItemsService('vehicles', { knex, schema }).readByQuery({ filter: unitFilter, fields: VEHICLE_FIELDS, sort: ['id'], limit: -1 })) as Row[];
  const units = unitRows.map(plannedUnitOf);
  if (units.length === 0 && modelRentalFilter === null) return { units, rentals: [] };
  const since = new Date(now.getTime() - PAST_RENTALS_DAYS * 86_400_000);
  const sinceWallClock = normalizeLocalDateTimeSeconds(formatPanamaDateTime(since)) ?? since.toISOString().slice(0, 19);
  const holders: Filter[] = [
    ...(units.length ? [{ vehicle: { _in: units.map((unit) => Number(unit.id)) } }] : []),
    ...(modelRentalFilter ? [modelRentalFilter] : []),
  ];
  const rentalRows = (await new ItemsService('reservations', { knex, schema }).readByQuery({
    filter: {
      _and: [
        { _or: holders },
        { _or: [{ status: { _null: true } }, { status: { _neq: 'cancelled' } }, { rental_status: { _in: ['picked_up', 'returned'] } }] },
        { _or: [{ rental_status: { _null: true } }, { rental_status: { _neq: 'no_show' } }] },
        {
          _or: [
            { return_date: { _gt: sinceWallClock } },
            { rental_status: { _eq: 'picked_up' } },
            { returned_at: { _gt: since.toISOString() } },
          ],
        },
      ],
    },
    fields: OCCUPANCY_FIELDS,
    sort: ['pickup_date'],
    limit: -1,
  })) as Row[];
  return { units, rentals: rentalRows.map(unitRentalOf) };
}

/** A model's units and the reservations of those units and of the model. */
export function readModelPlan(source: PlanSource, car: number, now: Date): Promise<UnitPlan> {
  return readPlan(source, { car: { _eq: car } }, { _and: [{ car: { _eq: car } }, { vehicle: { _null: true } }] }, now);
}

export interface Placement {
  availability: ModelAvailability;
  /** The unit the reservation holds from now on (its own when it still fits), or null when none is free. */
  vehicle: number | null;
}

/**
 * Which unit of model `car` a reservation asking for `wish` should hold, in a transaction that locked the model:
 * `keep` (its present unit) when it still can take it, else the best fit; null when the model is sold out there.
 * `exclude`: the reservation being changed (its own bookings do not compete with it).
 */
export async function placeRental(source: PlanSource, { car, wish, rules, now, exclude, keep }: {
  car: number; wish: RentalWish; rules: BookingRules; now: Date; exclude?: number; keep?: number | null;
}): Promise<Placement> {
  const plan = await readModelPlan(source, car, now);
  const excluded = exclude === undefined ? undefined : String(exclude);
  const availability = modelAvailability(plan.units, plan.rentals, wish, rules, now, excluded);
  if (availability.free === 0) return { availability, vehicle: null };
  if (keep !== null && keep !== undefined) {
    const own = plan.units.find((unit) => unit.id === String(keep));
    if (own && modelAvailability([own], plan.rentals, wish, rules, now, excluded).free > 0) return { availability, vehicle: keep };
  }
  return { availability, vehicle: availability.choice === null ? null : Number(availability.choice.id) };
}

/** Units and free units of every model at `wish.pickupBranch` (the fleet's badges, demand pricing): car id -> counts. */
export async function availabilityAt(source: PlanSource, wish: RentalWish, rules: BookingRules, now: Date): Promise<Map<number, ModelAvailability>> {
  // A unit can be at the branch then only if it is there now or one of its rentals ends there.
  const arriving = (await new source.ItemsService('reservations', { knex: source.knex, schema: source.schema }).readByQuery({
    filter: { _and: [{ return_branch: { _eq: Number(wish.pickupBranch) } }, { vehicle: { _nnull: true } }, { _or: [{ rental_status: { _null: true } }, { rental_status: { _in: ['booked', 'picked_up'] } }] }] },
    fields: ['vehicle'],
    limit: -1,
  })) as Row[];
  const arrivingIds = [...new Set(arriving.map((row) => idText(row.vehicle)).filter((id): id is string => id !== null))].map(Number);
  const plan = await readPlan(
    source,
    { _or: [{ current_branch: { _eq: Number(wish.pickupBranch) } }, ...(arrivingIds.length ? [{ id: { _in: arrivingIds } }] : [])] },
    { _and: [{ pickup_branch: { _eq: Number(wish.pickupBranch) } }, { vehicle: { _null: true } }] },
    now,
  );
  const byModel = new Map<string, PlannedUnit[]>();
  for (const unit of plan.units) byModel.set(unit.car, [...(byModel.get(unit.car) ?? []), unit]);
  const answer = new Map<number, ModelAvailability>();
  for (const [car, units] of byModel) answer.set(Number(car), modelAvailability(units, plan.rentals, wish, rules, now));
  return answer;
}


/** How long before pickup the brand assigns a booking's unit (`vehicle_assignment_hours`, default 24). */
export async function readAssignmentHours(knex: Knex, brand: unknown): Promise<number> {
  const row = typeof brand === 'string' && brand
    ? ((await knex('sites_config').select('vehicle_assignment_hours').where({ brand }).first()) as { vehicle_assignment_hours: unknown } | undefined)
    : undefined;
  return assignmentHoursOf(row?.vehicle_assignment_hours);
}

/**
 * The unit fields a reservation gets when the booking check places it on `vehicle`: the unit, assigned at once when the
 * pickup is already within the brand's assignment hours; otherwise planned only (the assignment job fixes it later).
 */
export function placedFields(vehicle: number, pickup: string, leadHours: number, now: Date): Record<string, unknown> {
  return assignmentIsDue(pickup, leadHours, now)
    ? { vehicle, vehicle_assigned_at: now.toISOString(), vehicle_assignment: 'auto', vehicle_assignment_note: null, needs_vehicle_since: null }
    : { vehicle, vehicle_assigned_at: null, vehicle_assignment: null, vehicle_assignment_note: null, needs_vehicle_since: null };
}
