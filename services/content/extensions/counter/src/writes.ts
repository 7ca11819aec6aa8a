// What each counter action writes on the reservation (docs/counter.md), once index.ts has found and locked the row,
// checked the branch and the domain's order of events (`decideRentalAction`): the fields it sets beside the rental
// status the domain decided, or a refusal of its own. One entry per action of the domain's `COUNTER_ACTIONS`, each
// given the body as the domain's schema checked it.
import {
  checkDepositKept,
  returnChargeRates,
  returnCharges,
  type CounterActionBody,
  type DepositKeepRefusal,
  type RentalAction,
  type RentalRefusal,
} from '@rentacar/domain/rentals';
import { formatPlate } from '@rentacar/domain/vehicles';
import type { Knex } from '../../shared/directus';
import { branchOf, type Staff } from './staff';

/** The reservation's fields the actions read (add what a new action needs). */
export const ROW_FIELDS = [
  'id', 'reservation_number', 'brand', 'status', 'rental_status', 'pickup_branch', 'return_branch', 'pickup_date', 'return_date',
  'mileage_out', 'fuel_out', 'deposit_amount', 'return_receipt_sent_at', 'return_collection', 'vehicle', 'vehicle_assigned_at',
] as const;

export interface ReservationRow {
  id: number;
  reservation_number: string;
  brand: string | null;
  status: string | null;
  rental_status: string | null;
  pickup_branch: number | string | null;
  return_branch: number | string | null;
  pickup_date: string;
  return_date: string;
  mileage_out: number | null;
  fuel_out: number | null;
  deposit_amount: number | null;
  return_receipt_sent_at: string | null;
  return_collection: string | null;
  /** The unit the booking holds (its id), and when it was assigned (null: only planned, the counter has not shown it). */
  vehicle: number | string | null;
  vehicle_assigned_at: string | null;
}

/**
 * What a write answers: the fields to set (the rental status is added), or a refusal: 409 RENTAL_STATE_CONFLICT with
 * one of the domain's reasons, or 422 with a code of its own naming the field (the storefront shows it there).
 */
export type WriteOutcome =
  | { set: Record<string, unknown> }
  | { conflict: RentalRefusal }
  | { unprocessable: { message: string; code: string; field: string; reason?: string; max?: number } };

export type WriteContext = {
  now: Date;
  staff: Staff;
  trx: Knex;
  /** Writes a unit's fields in the action's transaction, through Directus (activity, revisions) with the caller's name. */
  updateVehicle: (id: number, set: Record<string, unknown>) => Promise<void>;
};

type Write<Body> = (input: Body, row: ReservationRow, context: WriteContext) => WriteOutcome | Promise<WriteOutcome>;

const DEPOSIT_REFUSALS: Record<DepositKeepRefusal, string> = {
  no_deposit: 'No deposit was taken at pickup: nothing can be kept',
  more_than_deposit: 'More than the deposit taken at pickup cannot be kept',
  more_than_charges: 'More than the return\'s charges cannot be kept: give the rest back',
};

/** The unit a pickup or a return concerns, as stored: its id, plate and mileage. */
async function unitOf(trx: Knex, row: ReservationRow): Promise<{ id: number; plate: string; mileage: number | null } | null> {
  if (row.vehicle === null || row.vehicle === undefined) return null;
  const unit = (await trx('vehicles').select('id', 'plate', 'mileage').where({ id: row.vehicle }).first()) as { id: number; plate: string; mileage: unknown } | undefined;
  if (!unit) return null;
  const mileage = unit.mileage === null || unit.mileage === undefined ? null : Number(unit.mileage);
  return { id: Number(unit.id), plate: unit.plate, mileage: Number.isFinite(mileage) ? mileage : null };
}

export const COUNTER_WRITES: { [Action in RentalAction]: Write<CounterActionBody<Action>> } = {
  // The car handed over is the booking's unit: its plate, when staff type or scan it, must be that unit's, and its
  // mileage and fuel out are the unit's from now on.
  pickup: async (input, row, { now, staff, trx, updateVehicle }) => {
    const unit = await unitOf(trx, row);
    if (input.plate !== undefined) {
      if (unit === null) {
        return { unprocessable: { message: 'This booking has no car assigned yet: assign one first', code: 'NO_VEHICLE_ASSIGNED', field: 'plate' } };
      }
      if (unit.plate !== input.plate) {
        // Staff saw no car on a booking not yet assigned (its unit was only planned): they are told to assign one, not
        // the plate of a car the screen never showed them.
        return row.vehicle_assigned_at === null
          ? { unprocessable: { message: 'This booking has no car assigned yet: assign one first', code: 'NO_VEHICLE_ASSIGNED', field: 'plate' } }
          : { unprocessable: { message: `This is not the car assigned to the booking (${formatPlate(unit.plate)}): swap it first`, code: 'PLATE_MISMATCH', field: 'plate' } };
      }
    }
    // The unit's odometer only goes forward: a lower reading typed at pickup is the rental's, not the car's.
    if (unit !== null) await updateVehicle(unit.id, { mileage: Math.max(input.mileage, unit.mileage ?? 0), fuel_eighths: input.fuel_eighths });
    return { set: {
      picked_up_at: now.toISOString(),
      picked_up_by: staff.user,
      pickup_branch_actual: staff.branch ?? branchOf('pickup', row),
      mileage_out: input.mileage,
      fuel_out: input.fuel_eighths,
      pickup_notes: input.notes ?? null,
      pickup_photos: input.photos ?? [],
      deposit_amount: input.deposit_amount ?? null,
      deposit_method: input.deposit_method ?? null,
    } };
  },

  // The extra charges are computed and stored here, at the brand's rates; what is kept of the deposit goes towards them.
  return: async (input, row, { now, staff, trx, updateVehicle }) => {
    if (row.mileage_out !== null && input.mileage < row.mileage_out) {
      return { unprocessable: { message: `The mileage is below the ${row.mileage_out} km recorded at pickup`, code: 'MILEAGE_BELOW_PICKUP', field: 'mileage' } };
    }
    const config = (row.brand
      ? await trx('sites_config').select('fuel_refill_rate_per_eighth', 'late_return_hourly_rate', 'late_return_grace_minutes', 'tax_rate_percent').where({ brand: row.brand }).first()
      : undefined) as Record<string, unknown> | undefined;
    const rates = returnChargeRates({
      fuelRefillRatePerEighth: config?.fuel_refill_rate_per_eighth,
      lateReturnHourlyRate: config?.late_return_hourly_rate,
      lateReturnGraceMinutes: config?.late_return_grace_minutes,
      taxRatePercent: typeof config?.tax_rate_percent === 'number' || typeof config?.tax_rate_percent === 'string' ? config.tax_rate_percent : null,
    });
    // A reservation handed over before the fuel level was recorded is charged no refill.
    const fuelOut = row.fuel_out ?? input.fuel_eighths;
    const charges = returnCharges({
      fuelOut, fuelIn: input.fuel_eighths, bookedReturn: row.return_date, returnedAt: now, damageAmount: input.damage_amount ?? 0, rates,
    });
    const deposit = row.deposit_amount ?? 0;
    const kept = checkDepositKept({ deposit, charges: charges.total, kept: input.deposit_kept_amount ?? 0 });
    if (!kept.ok) {
      return { unprocessable: { message: DEPOSIT_REFUSALS[kept.reason], code: 'DEPOSIT_KEEP_REFUSED', field: 'deposit_kept_amount', reason: kept.reason, max: kept.max } };
    }
    // The unit is where it was returned (a one-way rental moved it), with its mileage and fuel in, and waits to be
    // cleaned unless the brand lets the turnaround buffer make it ready.
    const unit = await unitOf(trx, row);
    if (unit !== null) {
      const readyByItself = Boolean((row.brand ? await trx('sites_config').select('ready_after_buffer').where({ brand: row.brand }).first() as { ready_after_buffer: unknown } | undefined : undefined)?.ready_after_buffer);
      await updateVehicle(unit.id, {
        mileage: Math.max(input.mileage, unit.mileage ?? 0), fuel_eighths: input.fuel_eighths, current_branch: branchOf('return', row),
        status: readyByItself ? 'ready' : 'needs_cleaning', status_note: null,
      });
    }
    return {
      set: {
        ...(deposit > 0 ? { deposit_refunded_at: now.toISOString(), deposit_kept_amount: deposit - kept.refunded } : {}),
        returned_at: now.toISOString(),
        returned_by: staff.user,
        mileage_in: input.mileage,
        fuel_in: input.fuel_eighths,
        damage_notes: input.damage_notes ?? null,
        damage_photos: input.photos ?? [],
        return_charges: charges.lines,
      },
    };
  },

  no_show: (input, _row, { now }) => ({
    set: {
      no_show_at: now.toISOString(),
      ...(input.notes ? { pickup_notes: input.notes } : {}),
    },
  }),
};
