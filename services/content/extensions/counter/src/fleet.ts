// The branch's units at the counter (docs/fleet.md):
//
//   GET  /counter/vehicles?branch=&status=&class=     the fleet board: the units at the branch and those arriving there,
//                                                     each with its board state, its rental out or next booking
//   POST /counter/vehicles/:plate/status              { status, note?, available_from? } one action to change a state;
//                                                     the bookings the unit can no longer take move to another unit
//   POST /counter/reservations/:number/assign         { plate, reason? } staff choose or swap a booking's unit: one of
//                                                     its class, or an upgrade with its reason
//
// Any counter staff member reads any branch's board (a renter may come to another counter); only the unit's branch (its
// current branch) changes its state, and only the pickup branch assigns a booking's unit: 403 OTHER_BRANCH otherwise.
// A unit that cannot take the booking (in maintenance, due for a service, taken then, elsewhere) answers 409
// VEHICLE_UNAVAILABLE with the domain's reason.
import type { SchemaOverview } from '@directus/types';
import { formatPanamaDate } from '@rentacar/domain/dates';
import { isOverdue, rentalStatusOf } from '@rentacar/domain/rentals';
import {
  assignmentKind,
  assignVehicleInput,
  BOARD_STATES,
  boardStateOf,
  isBoardState,
  normalizePlate,
  serviceDue,
  unitRefusal,
  vehicleStatusInput,
  wishOf,
  type UnitRefusal,
} from '@rentacar/domain/vehicles';
import type { Request, RequestHandler, Response, Router } from 'express';
import { runAssignment } from '../../shared/assignment';
import { withEndpointRights, type ItemsServiceClass, type Knex, type Row } from '../../shared/directus';
import { errorBody, invalid, positiveInt, type AsyncRoute } from '../../shared/endpoint';
import { OCCUPANCY_FIELDS, readBookingRules } from '../../shared/occupancy';
import type { Writer } from '../../shared/transactions';
import { plannedUnitOf, readModelPlan, unitRentalOf, VEHICLE_FIELDS } from '../../shared/units';
import { parseBody } from './input';
import { branchId, branchOf, type Staff } from './staff';

const BOARD_FIELDS = [
  ...VEHICLE_FIELDS, 'plate', 'colour', 'year', 'bay', 'fuel_eighths', 'status_note', 'status_changed_at', 'home_branch',
  'car.id', 'car.marca', 'car.modelo', 'car.clasificacion',
];

const UNAVAILABLE_MESSAGES: Record<UnitRefusal, string> = {
  in_maintenance: 'This car is in maintenance',
  out_of_service: 'This car is out of service',
  service_due: 'This car is due for a service before the rental ends',
  being_cleaned: 'This car is waiting to be cleaned and cannot be ready in time',
  taken: 'This car is taken by another rental then',
  elsewhere: 'This car will not be at the pickup branch then',
  needed_elsewhere_after: 'This car is needed at another branch after this rental',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const object = (value: unknown): Row | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null);
const numberOrNull = (value: unknown): number | null => (value === null || value === undefined || value === '' || !Number.isFinite(Number(value)) ? null : Number(value));

export function vehicleOut(row: Row | null): { plate: string; colour: string | null; bay: string | null; car: { id: number | null; name: string; class: string | null } } | null {
  if (row === null || typeof row.plate !== 'string') return null;
  const car = object(row.car);
  return {
    plate: row.plate,
    colour: text(row.colour),
    bay: text(row.bay),
    car: { id: numberOrNull(car?.id), name: [text(car?.marca), text(car?.modelo)].filter(Boolean).join(' '), class: text(car?.clasificacion) },
  };
}

interface FleetDeps {
  ItemsService: ItemsServiceClass;
  database: Knex;
  writer: Writer;
  handle: (route: AsyncRoute) => RequestHandler;
  staffOrRefusal: (req: Request, res: Response) => Promise<Staff | null>;
}

export function registerFleet(router: Router, { ItemsService, database, writer, handle, staffOrRefusal }: FleetDeps): void {
  const items = (collection: string, schema: SchemaOverview, knex: Knex = database) => new ItemsService(collection, { knex, schema });
  const otherBranch = (res: Response, message: string) => res.status(403).json(errorBody(message, { code: 'OTHER_BRANCH' }));
  const unavailable = (res: Response, reason: UnitRefusal) => res.status(409).json(errorBody(UNAVAILABLE_MESSAGES[reason], { code: 'VEHICLE_UNAVAILABLE', reason }));

  async function unitByPlate(schema: SchemaOverview, plate: string, knex: Knex = database): Promise<Row | undefined> {
    const [row] = (await items('vehicles', schema, knex).readByQuery({ filter: { plate: { _eq: normalizePlate(plate) } }, fields: BOARD_FIELDS, limit: 1 })) as Row[];
    return row;
  }

  router.get('/vehicles', handle(async (req, res) => {
    const staff = await staffOrRefusal(req, res);
    if (!staff) return undefined;
    const { branch: branchQuery, status, class: classQuery } = req.query;
    const unknown = Object.keys(req.query).find((name) => !['branch', 'status', 'class'].includes(name));
    if (unknown) return invalid(res, unknown, `"${unknown}" is not a filter of /counter/vehicles (branch, status, class)`);
    const branch = branchQuery === undefined ? staff.branch : positiveInt(branchQuery);
    if (branch === null) return invalid(res, 'branch', '"branch" must be a branch id (an integer >= 1); an administrator names one');
    if (status !== undefined && !isBoardState(status)) return invalid(res, 'status', `"status" must be one of ${BOARD_STATES.join(', ')}`);
    if (classQuery !== undefined && !(typeof classQuery === 'string' && /^[A-Z*]{4}$/.test(classQuery))) {
      return invalid(res, 'class', '"class" must be an ACRISS code of four letters (e.g. CDAR)');
    }
    const now = new Date();
    // The rentals out now, and those that end here: a unit on its way here is listed as arriving.
    const out = (await items('reservations', req.schema).readByQuery({
      filter: { _and: [{ rental_status: { _eq: 'picked_up' } }, { vehicle: { _nnull: true } }] },
      fields: ['reservation_number', 'vehicle', 'pickup_branch', 'return_branch', 'return_date', 'rental_status', 'client_last_name'],
      limit: -1,
    })) as Row[];
    const rentalOf = new Map(out.map((row) => [String(row.vehicle), row]));
    const arriving = out.filter((row) => branchId(row.return_branch ?? row.pickup_branch) === branch).map((row) => Number(row.vehicle));
    const unitRows = (await items('vehicles', req.schema).readByQuery({
      filter: { _or: [{ current_branch: { _eq: branch } }, ...(arriving.length ? [{ id: { _in: arriving } }] : [])] },
      fields: BOARD_FIELDS,
      sort: ['plate'],
      limit: -1,
    })) as Row[];
    const upcoming = unitRows.length === 0 ? [] : ((await items('reservations', req.schema).readByQuery({
      filter: {
        _and: [
          { vehicle: { _in: unitRows.map((row) => Number(row.id)) } },
          { _or: [{ rental_status: { _null: true } }, { rental_status: { _eq: 'booked' } }] },
          { _or: [{ status: { _null: true } }, { status: { _neq: 'cancelled' } }] },
          { vehicle_assigned_at: { _nnull: true } },
        ],
      },
      fields: ['reservation_number', 'vehicle', 'pickup_date'],
      sort: ['pickup_date'],
      limit: -1,
    })) as Row[]);
    const today = formatPanamaDate(now);
    const vehicles = unitRows.flatMap((row) => {
      const unit = plannedUnitOf(row);
      const rental = rentalOf.get(unit.id) ?? null;
      const state = boardStateOf(unit, String(branch), rental ? { returnBranch: String(branchId(rental.return_branch ?? rental.pickup_branch)) } : null);
      const car = object(row.car);
      if (status !== undefined && state !== status) return [];
      if (classQuery !== undefined && text(car?.clasificacion) !== classQuery) return [];
      const next = upcoming.find((booking) => String(booking.vehicle) === unit.id);
      return [{
        ...vehicleOut(row),
        year: numberOrNull(row.year),
        state,
        status: unit.status,
        status_note: text(row.status_note),
        status_changed_at: text(row.status_changed_at),
        available_from: unit.availableFrom === null ? null : unit.availableFrom.slice(0, 16),
        mileage: unit.mileage,
        fuel_eighths: numberOrNull(row.fuel_eighths),
        next_service_km: unit.nextServiceKm,
        next_service_date: unit.nextServiceDate,
        service_due: serviceDue(unit, today),
        rental: rental === null ? null : {
          reservation_number: text(rental.reservation_number),
          expected_return: typeof rental.return_date === 'string' ? rental.return_date.slice(0, 16) : null,
          return_branch: branchId(rental.return_branch ?? rental.pickup_branch),
          late: isOverdue({ rentalStatus: rental.rental_status, returnDate: rental.return_date }, now),
        },
        next_booking: next ? { reservation_number: text(next.reservation_number), pickup_date: typeof next.pickup_date === 'string' ? next.pickup_date.slice(0, 16) : null } : null,
      }];
    });
    const counts = Object.fromEntries(BOARD_STATES.map((state) => [state, vehicles.filter((vehicle) => vehicle.state === state).length]));
    return res.json({ data: { branch, may_act: staff.admin || staff.branch === branch, counts, vehicles } });
  }));

  router.post('/vehicles/:plate/status', handle(async (req, res) => {
    const staff = await staffOrRefusal(req, res);
    if (!staff) return undefined;
    const parsed = parseBody(vehicleStatusInput, req.body);
    if ('problem' in parsed) return invalid(res, parsed.problem.field, parsed.problem.message);
    const { status, note, available_from: availableFrom } = parsed.value;
    const plate = normalizePlate(String(req.params.plate ?? ''));
    const outcome = await writer.transaction(async (trx) => {
      const row = await unitByPlate(req.schema, plate, trx);
      if (!row) return { notFound: true } as const;
      const car = Number(object(row.car)?.id);
      await writer.lockCar(trx, car);
      if (!staff.admin && branchId(row.current_branch) !== staff.branch) return { otherBranch: true } as const;
      const onRent = (await trx('reservations').select('reservation_number').where({ vehicle: Number(row.id), rental_status: 'picked_up' }).first()) as { reservation_number: string } | undefined;
      if (onRent) return { onRent: onRent.reservation_number } as const;
      const offRoad = status === 'in_maintenance' || status === 'out_of_service';
      await new ItemsService('vehicles', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) }).updateOne(Number(row.id), {
        status,
        status_note: note ?? null,
        available_from: offRoad ? (availableFrom ?? null) : null,
      });
      return { car } as const;
    });
    if ('notFound' in outcome) return res.status(404).json(errorBody('No car with this plate', { code: 'NOT_FOUND' }));
    if ('otherBranch' in outcome) return otherBranch(res, 'This car is at another branch: its staff change its state');
    if ('onRent' in outcome) {
      return res.status(409).json(errorBody(`This car is out on rent (${outcome.onRent}): record its return first`, { code: 'VEHICLE_ON_RENT', reservation_number: outcome.onRent }));
    }
    // The bookings this unit can no longer take (or can take again) are settled at once, not at the next pass.
    const settled = await runAssignment({ ItemsService, database, writer, schema: req.schema, now: new Date(), cars: [outcome.car] });
    const row = await unitByPlate(req.schema, plate);
    return res.json({ data: { ...vehicleOut(row ?? null), status: text(row?.status), status_note: text(row?.status_note), moved: settled.moved, needs_vehicle: settled.needsVehicle } });
  }));

  router.post('/reservations/:number/assign', handle(async (req, res) => {
    const staff = await staffOrRefusal(req, res);
    if (!staff) return undefined;
    const number = String(req.params.number ?? '').trim().toUpperCase();
    if (!/^[A-Z0-9-]{1,32}$/.test(number)) return res.status(404).json(errorBody('No reservation with this number', { code: 'NOT_FOUND' }));
    const parsed = parseBody(assignVehicleInput, req.body);
    if ('problem' in parsed) return invalid(res, parsed.problem.field, parsed.problem.message);
    const { plate, reason } = parsed.value;
    const now = new Date();
    type Outcome = { notFound: 'reservation' | 'plate' } | { otherBranch: true } | { state: string } | { reasonRequired: true } | { refused: UnitRefusal } | { done: Row };
    const outcome = await writer.transaction(async (trx): Promise<Outcome> => {
      const [found] = (await items('reservations', req.schema, trx).readByQuery({
        filter: { reservation_number: { _eq: number } },
        fields: ['id', 'brand', 'status', 'rental_status', 'pickup_branch', 'return_branch', 'vehicle', 'car.id', 'car.clasificacion'],
        limit: 1,
      })) as Row[];
      if (!found) return { notFound: 'reservation' };
      const unit = await unitByPlate(req.schema, plate, trx);
      if (!unit) return { notFound: 'plate' };
      const bookedCar = Number(object(found.car)?.id);
      const unitCar = Number(object(unit.car)?.id);
      // Both models are locked, in one order: the booking leaves one model's count and takes a unit of the other.
      for (const car of [...new Set([bookedCar, unitCar])].sort((a, b) => a - b)) await writer.lockCar(trx, car);
      if (!(await writer.lockReservation(trx, Number(found.id)))) return { notFound: 'reservation' };
      if (!staff.admin && branchOf('pickup', { pickup_branch: found.pickup_branch, return_branch: found.return_branch }) !== staff.branch) return { otherBranch: true };
      if (found.status === 'cancelled') return { state: 'reservation_cancelled' };
      if (rentalStatusOf(found.rental_status) !== 'booked') return { state: rentalStatusOf(found.rental_status) === 'picked_up' ? 'already_picked_up' : 'already_returned' };
      const kind = assignmentKind(text(object(found.car)?.clasificacion), text(object(unit.car)?.clasificacion), bookedCar === unitCar, reason);
      if (kind === null) return { reasonRequired: true };
      const [rentalRow] = (await items('reservations', req.schema, trx).readByQuery({ filter: { id: { _eq: Number(found.id) } }, fields: OCCUPANCY_FIELDS, limit: 1 })) as Row[];
      const wish = rentalRow ? wishOf(unitRentalOf(rentalRow)) : null;
      if (wish === null) return { notFound: 'reservation' };
      const plan = await readModelPlan({ ItemsService, knex: trx, schema: req.schema }, unitCar, now);
      const planned = plan.units.find((candidate) => candidate.id === String(unit.id)) ?? plannedUnitOf(unit);
      const refusal = unitRefusal(planned, plan.rentals, wish, await readBookingRules(trx, found.brand), now, String(found.id));
      if (refusal !== null) return { refused: refusal };
      const set = {
        vehicle: Number(unit.id), vehicle_assigned_at: now.toISOString(), vehicle_assignment: kind,
        vehicle_assignment_note: reason ?? null, needs_vehicle_since: null,
      };
      await new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) }).updateOne(Number(found.id), set);
      return { done: { reservation_number: number, vehicle: vehicleOut(unit), vehicle_assignment: kind, vehicle_assignment_note: reason ?? null } };
    });
    if ('notFound' in outcome) {
      return outcome.notFound === 'plate'
        ? res.status(422).json(errorBody('No car of the fleet has this plate', { code: 'UNKNOWN_PLATE', field: 'plate' }))
        : res.status(404).json(errorBody('No reservation with this number', { code: 'NOT_FOUND' }));
    }
    if ('otherBranch' in outcome) return otherBranch(res, 'This reservation is picked up at another branch: its staff choose its car');
    if ('state' in outcome) return res.status(409).json(errorBody('The booking\'s car can no longer be changed: it was handed over, returned or cancelled', { code: 'RENTAL_STATE_CONFLICT', reason: outcome.state }));
    if ('reasonRequired' in outcome) return res.status(422).json(errorBody('This car is of another class: say why it is given (an upgrade)', { code: 'REASON_REQUIRED', field: 'reason' }));
    if ('refused' in outcome) return unavailable(res, outcome.refused);
    return res.json({ data: outcome.done });
  }));
}

/** The unit a reservation read shows: its plate, colour, bay and model, once it is assigned. */
export const RESERVATION_VEHICLE_FIELDS = ['vehicle_assigned_at', 'vehicle_assignment', 'vehicle_assignment_note', 'needs_vehicle_since', 'vehicle.id', 'vehicle.plate', 'vehicle.colour', 'vehicle.bay', 'vehicle.car.id', 'vehicle.car.marca', 'vehicle.car.modelo', 'vehicle.car.clasificacion'];

export function assignedVehicleOf(row: Row): ReturnType<typeof vehicleOut> {
  return text(row.vehicle_assigned_at) === null ? null : vehicleOut(object(row.vehicle));
}
