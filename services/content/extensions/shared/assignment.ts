// The assignment pass (docs/fleet.md, "Assignment"): every booking holds a unit from the moment it is made (the booking
// check places it, shared/units.ts); its brand's `vehicle_assignment_hours` before pickup (24 by default) the unit is
// assigned: fixed, and shown to the counter with its plate. The pass also repairs what happened since the booking: a
// unit still out with a late renter, sent to maintenance or due for a service cannot take it, so the booking moves to
// another unit of its model that can, or, when none can, goes on the "needs a car" list (`needs_vehicle_since`) until
// staff give it one. Bookings not yet due are moved as well, but stay unassigned.
//
// It runs every five minutes (booking/src/assignment-hook.ts), after a unit's status changes (the counter's fleet board) and on
// POST /booking/vehicles/assign { now?, only? } (tests, or staff who do not want to wait). Each car model is settled in
// one transaction that holds the model's lock, like a booking of it, so the pass and the bookings never both take the
// last unit.
import type { SchemaOverview } from '@directus/types';
import { formatPanamaDateTime, normalizeLocalDateTimeSeconds } from '@rentacar/domain/dates';
import { bookingRules, type BookingRules } from '@rentacar/domain/reservations';
import { rentalStatusOf } from '@rentacar/domain/rentals';
import {
  assignmentHoursOf,
  assignmentIsDue,
  DEFAULT_VEHICLE_ASSIGNMENT_HOURS,
  modelAvailability,
  rentalTakesAUnit,
  unitRefusal,
  wishOf,
  type UnitRefusal,
  type UnitRental,
} from '@rentacar/domain/vehicles';
import type { ItemsServiceClass, Knex } from './directus';
import type { Writer } from './transactions';
import { readModelPlan } from './units';

export interface AssignmentOutcome {
  /** Bookings whose unit was assigned (the same unit as planned, or another one). */
  assigned: string[];
  /** Bookings moved to another unit because theirs could no longer take them. */
  moved: { reservation_number: string; reason: UnitRefusal | 'no_unit' }[];
  /** Bookings that no unit can take: the "needs a car" list. */
  needsVehicle: string[];
}

interface PassContext {
  ItemsService: ItemsServiceClass;
  database: Knex;
  writer: Writer;
  schema: SchemaOverview;
  now: Date;
  /** Only the bookings of these car models (a unit's status changed); every model otherwise. */
  cars?: number[];
}

interface SiteRules {
  rules: BookingRules;
  leadHours: number;
}

// Bookings further ahead than this are not looked at by the periodic pass: their units are checked again when they
// come closer (a unit's status change re-places all of that model's bookings at once).
const LOOK_AHEAD_HOURS = 72;
// A renter late for pickup still gets a car: bookings whose pickup passed this many days ago (and not marked a no-show)
// are still looked at.
const LATE_PICKUP_DAYS = 7;

async function readSiteRules(database: Knex): Promise<Map<string, SiteRules>> {
  type SiteRow = { brand: string; turnaround_buffer_minutes: unknown; payment_hold_minutes: unknown; vehicle_assignment_hours: unknown };
  const rows: SiteRow[] = await database<SiteRow>('sites_config').select('brand', 'turnaround_buffer_minutes', 'payment_hold_minutes', 'vehicle_assignment_hours');
  const out = new Map<string, SiteRules>();
  for (const row of rows) {
    out.set(row.brand, {
      rules: bookingRules({ turnaroundBufferMinutes: row.turnaround_buffer_minutes, paymentHoldMinutes: row.payment_hold_minutes }),
      leadHours: assignmentHoursOf(row.vehicle_assignment_hours),
    });
  }
  return out;
}

const wallClock = (instant: Date) => normalizeLocalDateTimeSeconds(formatPanamaDateTime(instant)) ?? instant.toISOString().slice(0, 19);

export async function runAssignment({ ItemsService, database, writer, schema, now, cars }: PassContext): Promise<AssignmentOutcome> {
  const outcome: AssignmentOutcome = { assigned: [], moved: [], needsVehicle: [] };
  const sites = await readSiteRules(database);
  const fallback: SiteRules = { rules: bookingRules(), leadHours: DEFAULT_VEHICLE_ASSIGNMENT_HOURS };
  const maxLead = Math.max(DEFAULT_VEHICLE_ASSIGNMENT_HOURS, ...[...sites.values()].map((site) => site.leadHours));
  const horizon = new Date(now.getTime() + (Math.max(maxLead, 0) + (cars ? 24 * 365 : LOOK_AHEAD_HOURS)) * 3_600_000);
  // Booked, not cancelled, pickup from LATE_PICKUP_DAYS ago up to the horizon.
  const candidates = (await new ItemsService('reservations', { knex: database, schema }).readByQuery({
    filter: {
      _and: [
        { _or: [{ rental_status: { _null: true } }, { rental_status: { _eq: 'booked' } }] },
        { _or: [{ status: { _null: true } }, { status: { _neq: 'cancelled' } }] },
        { pickup_date: { _gt: wallClock(new Date(now.getTime() - LATE_PICKUP_DAYS * 86_400_000)) } },
        { pickup_date: { _lt: wallClock(horizon) } },
        { car: { _nnull: true } },
        ...(cars ? [{ car: { _in: cars } }] : []),
      ],
    },
    fields: ['car'],
    limit: -1,
  })) as { car: unknown }[];
  const models = [...new Set(candidates.map((row) => Number(row.car)).filter((car) => Number.isSafeInteger(car)))].sort((a, b) => a - b);

  for (const car of models) {
    await writer.transaction(async (trx) => {
      await writer.lockCar(trx, car);
      const source = { ItemsService, knex: trx, schema };
      const plan = await readModelPlan(source, car, now);
      const details = (await new ItemsService('reservations', { knex: trx, schema }).readByQuery({
        filter: { id: { _in: plan.rentals.map((rental) => Number(rental.id)) } },
        fields: ['id', 'reservation_number', 'brand', 'vehicle_assigned_at', 'needs_vehicle_since'],
        limit: -1,
      })) as { id: number | string; reservation_number: string; brand: string | null; vehicle_assigned_at: string | null; needs_vehicle_since: string | null }[];
      const detailOf = new Map(details.map((row) => [String(row.id), row]));
      const service = new ItemsService('reservations', { knex: trx, schema });
      const horizonWallClock = wallClock(horizon);
      const settled: UnitRental[] = plan.rentals.filter((rental) => rental.car === String(car) && rentalStatusOf(rental.rentalStatus) === 'booked');
      for (const rental of settled) {
        const detail = detailOf.get(rental.id);
        const wish = wishOf(rental);
        if (!detail || wish === null || wish.pickup >= horizonWallClock) continue;
        const site = (detail.brand ? sites.get(detail.brand) : undefined) ?? fallback;
        if (!rentalTakesAUnit(rental, site.rules, now)) continue;
        const due = assignmentIsDue(wish.pickup, site.leadHours, now);
        const unit = rental.vehicle === null ? undefined : plan.units.find((candidate) => candidate.id === rental.vehicle);
        const refusal = unit === undefined ? 'no_unit' : unitRefusal(unit, plan.rentals, wish, site.rules, now, rental.id);
        if (refusal === null) {
          if (due && detail.vehicle_assigned_at === null) {
            await service.updateOne(rental.id, { vehicle_assigned_at: now.toISOString(), vehicle_assignment: 'auto', needs_vehicle_since: null });
            outcome.assigned.push(detail.reservation_number);
          } else if (detail.needs_vehicle_since !== null) {
            await service.updateOne(rental.id, { needs_vehicle_since: null });
          }
          continue;
        }
        // Its unit cannot take it (or it has none): the best other unit, leaving this booking out of the count.
        const choice = modelAvailability(plan.units, plan.rentals.filter((other) => other.id !== rental.id), wish, site.rules, now).choice;
        if (choice !== null) {
          rental.vehicle = choice.id;
          await service.updateOne(rental.id, {
            vehicle: Number(choice.id),
            vehicle_assigned_at: due ? now.toISOString() : null,
            vehicle_assignment: due ? 'auto' : null,
            needs_vehicle_since: null,
          });
          if (unit !== undefined || detail.needs_vehicle_since !== null) outcome.moved.push({ reservation_number: detail.reservation_number, reason: refusal });
          if (due) outcome.assigned.push(detail.reservation_number);
          continue;
        }
        if (!due) continue; // a booking further ahead keeps its unit: the unit may be ready again by then
        rental.vehicle = null;
        if (detail.needs_vehicle_since === null || unit !== undefined) {
          await service.updateOne(rental.id, { vehicle: null, vehicle_assigned_at: null, vehicle_assignment: null, needs_vehicle_since: detail.needs_vehicle_since ?? now.toISOString() });
        }
        outcome.needsVehicle.push(detail.reservation_number);
      }
    });
  }
  return outcome;
}
