// Endpoint /counter: the rental lifecycle at a branch's counter (docs/counter.md).
//
//   POST /counter/reservations/:number/pickup    { mileage, fuel_eighths, notes?, photos? }      hand the car over
//   POST /counter/reservations/:number/return    { mileage, fuel_eighths, damage_notes?, damage_amount?, photos? }
//                                                take it back; the extra charges are computed and stored here
//   POST /counter/reservations/:number/no-show   { notes? }                                      the renter never came
//   GET  /counter/me, /counter/reservations/:number, /counter/today?date=&branch=                 the reads (read.ts)
//
// Callers: administrators (any branch) and Counter staff (their own branch only: the pickup branch for a pickup or a
// no-show, the return branch for a return; another branch's staff get 403 OTHER_BRANCH and still read the reservation
// at /items). Without a token 401, any other user 403. The order of events is the domain's (`decideRentalAction`): a
// wrong one answers 409 RENTAL_STATE_CONFLICT with the reason. Each action reads, checks and writes the reservation in
// one transaction, on the locked row, through Directus' ItemsService with the caller's identity (activity, revisions)
// and the endpoint's rights (Counter staff have no write right at /items).
import {
  decideRentalAction,
  returnChargeRates,
  returnCharges,
  type RentalAction,
  type RentalRefusal,
} from '@rentacar/domain/rentals';
import type { Response } from 'express';
import { defineEndpoint } from '../../shared/define';
import { withEndpointRights, type Knex } from '../../shared/directus';
import { endpointKit, errorBody, invalid } from '../../shared/endpoint';
import { createWriter } from '../../shared/transactions';
import { noShowInput, parseBody, pickupInput, returnInput, type NoShowInput, type PickupInput, type ReturnInput } from './input';
import { registerReads } from './read';
import { branchOf, staffOf, type Staff } from './staff';

const REFUSAL_MESSAGES: Record<RentalRefusal, string> = {
  reservation_cancelled: 'The reservation is cancelled',
  already_picked_up: 'The car was already handed over',
  already_returned: 'The car was already returned',
  marked_no_show: 'The reservation was marked as a no-show',
  not_picked_up: 'The car has not been handed over yet',
  pickup_time_not_reached: 'The pickup time has not come yet',
};

const ROW_FIELDS = [
  'id', 'reservation_number', 'brand', 'status', 'rental_status', 'pickup_branch', 'return_branch', 'pickup_date', 'return_date',
  'mileage_out', 'fuel_out',
] as const;

interface ReservationRow {
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
}

type Outcome =
  | { done: Record<string, unknown> }
  | { notFound: true }
  | { otherBranch: true }
  | { refused: RentalRefusal }
  | { mileageBelowPickup: number };

export default defineEndpoint({
  id: 'counter',
  handler: (router, { services, database, logger }) => {
    const { ItemsService } = services;
    const writer = createWriter(database);
    const { handle } = endpointKit({ id: 'counter', database, logger });
    registerReads(router, { ItemsService, database, handle });

    const route = <T>(action: RentalAction, path: string, parse: (body: unknown) => { value: T } | { problem: { field: string | null; message: string } }, changes: (input: T, row: ReservationRow, ctx: { now: Date; staff: Staff; trx: Knex }) => Record<string, unknown> | { mileageBelowPickup: number } | Promise<Record<string, unknown> | { mileageBelowPickup: number }>) => {
      router.post(`/reservations/:number/${path}`, handle(async (req, res) => {
        const staff = await staffOf(database, req.accountability);
        if (staff === 401) return res.status(401).json(errorBody('A valid access token is required', { code: 'INVALID_CREDENTIALS' }));
        if (staff === 403) return res.status(403).json(errorBody('Only counter staff and administrators may use /counter', { code: 'FORBIDDEN' }));
        if (!staff.admin && staff.branch === null) {
          return res.status(403).json(errorBody('This counter staff member has no branch: an administrator sets it on the user', { code: 'NO_BRANCH' }));
        }
        // As printed and in the QR code (FF-7K3M9Q); typed in lower case too.
        const number = String(req.params.number ?? '').trim().toUpperCase();
        if (!/^[A-Z0-9-]{1,32}$/.test(number)) return notFound(res);
        const parsed = parse(req.body);
        if ('problem' in parsed) return invalid(res, parsed.problem.field, parsed.problem.message);
        const photos = (parsed.value as { photos?: string[] }).photos ?? [];
        if (photos.length > 0) {
          const found = (await database('directus_files').select('id').whereIn('id', photos)) as { id: string }[];
          const missing = photos.find((id) => !found.some((file) => file.id.toLowerCase() === id.toLowerCase()));
          if (missing !== undefined) return invalid(res, 'photos', `No file with id ${missing}: upload the photo first`);
        }

        const outcome = await writer.transaction(async (trx): Promise<Outcome> => {
          const items = new ItemsService('reservations', { knex: trx, schema: req.schema });
          const [found] = (await items.readByQuery({ filter: { reservation_number: { _eq: number } }, fields: ['id'], limit: 1 })) as { id: number }[];
          if (!found || !(await writer.lockReservation(trx, Number(found.id)))) return { notFound: true };
          const [row] = (await items.readByQuery({ filter: { id: { _eq: found.id } }, fields: [...ROW_FIELDS], limit: 1 })) as ReservationRow[];
          if (!row) return { notFound: true };
          if (!staff.admin && branchOf(action, row) !== staff.branch) return { otherBranch: true };
          const now = new Date();
          const decision = decideRentalAction(action, { status: row.status, rentalStatus: row.rental_status, pickupDate: row.pickup_date }, now);
          if (!decision.allowed) return { refused: decision.reason };
          const fields = await changes(parsed.value, row, { now, staff, trx });
          if ('mileageBelowPickup' in fields && typeof fields.mileageBelowPickup === 'number') return { mileageBelowPickup: fields.mileageBelowPickup };
          const update = { ...fields, rental_status: decision.next };
          await new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) })
            .updateOne(row.id, update);
          return { done: { reservation_number: row.reservation_number, ...update } };
        });

        if ('notFound' in outcome) return notFound(res);
        if ('otherBranch' in outcome) {
          return res.status(403).json(errorBody('This reservation belongs to another branch: its staff record this', { code: 'OTHER_BRANCH' }));
        }
        if ('refused' in outcome) {
          return res.status(409).json(errorBody(REFUSAL_MESSAGES[outcome.refused], { code: 'RENTAL_STATE_CONFLICT', reason: outcome.refused }));
        }
        if ('mileageBelowPickup' in outcome) {
          return res.status(422).json(errorBody(`The mileage is below the ${outcome.mileageBelowPickup} km recorded at pickup`, { code: 'MILEAGE_BELOW_PICKUP', field: 'mileage' }));
        }
        return res.status(200).json({ data: outcome.done });
      }));
    };

    route<PickupInput>('pickup', 'pickup', (body) => parseBody(pickupInput, body), (input, row, { now, staff }) => ({
      picked_up_at: now.toISOString(),
      picked_up_by: staff.user,
      pickup_branch_actual: staff.branch ?? branchOf('pickup', row),
      mileage_out: input.mileage,
      fuel_out: input.fuel_eighths,
      pickup_notes: input.notes ?? null,
      pickup_photos: input.photos ?? [],
    }));

    route<ReturnInput>('return', 'return', (body) => parseBody(returnInput, body), async (input, row, { now, staff, trx }) => {
      if (row.mileage_out !== null && input.mileage < row.mileage_out) return { mileageBelowPickup: row.mileage_out };
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
      return {
        returned_at: now.toISOString(),
        returned_by: staff.user,
        mileage_in: input.mileage,
        fuel_in: input.fuel_eighths,
        damage_notes: input.damage_notes ?? null,
        damage_photos: input.photos ?? [],
        return_charges: charges.lines,
      };
    });

    route<NoShowInput>('no_show', 'no-show', (body) => parseBody(noShowInput, body), (input, _row, { now }) => ({
      no_show_at: now.toISOString(),
      ...(input.notes ? { pickup_notes: input.notes } : {}),
    }));
  },
});

function notFound(res: Response): Response {
  return res.status(404).json(errorBody('No reservation with this number', { code: 'NOT_FOUND' }));
}
