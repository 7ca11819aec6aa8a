// One pass of the reminders (docs/booking-api.md, "Reminder before pickup"): read every brand's hours before pickup
// (sites_config.reminder_hours_before_pickup), the reservations whose pickup falls within the longest of them and whose
// reminder was not sent, ask the domain's rule which are due at `now`, and for each one due:
//   1. claim it: in one transaction on its locked row, check it is still due and set `reminder_sent_at`. Two runs at
//      once (two instances, the schedule and POST /reminders/run, a retry) cannot both claim it;
//   2. hand it to the storefront (delivery.ts), which sends the e-mail;
//   3. when it surely was not sent, release the claim (only the claim this run made), so the next run tries again.
// A run that came late still finds what it missed: a reservation stays due until its pickup.
import {
  DEFAULT_REMINDER_HOURS,
  reminderHours,
  reminderSearchWindow,
  reminderVerdict,
  type ReminderCandidate,
} from '@rentacar/domain/reminders';
import type { ApiExtensionContext, Filter, SchemaOverview } from '@directus/types';
import type { Knex, Logger } from '../../shared/directus';
import { createWriter } from '../../shared/transactions';
import type { Deliver } from './delivery';
import { REMINDER_FIELDS, reminderPayload, type ReminderRow } from './payload';

type Services = ApiExtensionContext['services'];

export interface ReminderRunOptions {
  services: Services;
  database: Knex;
  schema: SchemaOverview;
  logger: Logger;
  /** The instant the run decides for (the clock's, or the one POST /reminders/run was given). */
  now: Date;
  deliver: Deliver;
  /** Limits the run to these reservation numbers: a run by staff or a test on bookings of its own. */
  only?: string[];
}

export interface ReminderRunResult {
  sent: string[];
  not_sent: { reservation_number: string; reason: string }[];
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function candidateOf(row: ReminderRow): ReminderCandidate {
  return {
    status: text(row.status),
    reservationType: text(row.reservation_type),
    pickupAt: text(row.pickup_date),
    createdAt: text(row.date_created),
    reminderSentAt: text(row.reminder_sent_at),
    rentalStatus: text(row.rental_status),
  };
}

/** The brands' hours before pickup (the default for a brand without a site config). */
async function readHours(database: Knex): Promise<{ hoursOf: (brand: unknown) => number; longest: number }> {
  const rows: { brand: unknown; reminder_hours_before_pickup: unknown }[] = await database('sites_config').select('brand', 'reminder_hours_before_pickup');
  const byBrand = new Map(rows.map((row) => [String(row.brand), reminderHours(row.reminder_hours_before_pickup)]));
  return {
    hoursOf: (brand) => (typeof brand === 'string' && byBrand.get(brand)) || DEFAULT_REMINDER_HOURS,
    longest: Math.max(DEFAULT_REMINDER_HOURS, ...byBrand.values()),
  };
}

/** Two stored instants, the same to the second (the engines keep different precisions). */
function sameSecond(stored: unknown, claimed: string): boolean {
  const at = typeof stored === 'string' ? Date.parse(stored) : stored instanceof Date ? stored.getTime() : NaN;
  return Number.isFinite(at) && Math.floor(at / 1000) === Math.floor(Date.parse(claimed) / 1000);
}

export async function runReminders({ services, database, schema, logger, now, deliver, only }: ReminderRunOptions): Promise<ReminderRunResult> {
  const { ItemsService } = services;
  const writer = createWriter(database);
  const reservations = (knex: Knex) => new ItemsService('reservations', { knex, schema });
  const { hoursOf, longest } = await readHours(database);
  const window = reminderSearchWindow(now, longest);
  const filter: Filter = {
    _and: [
      { reminder_sent_at: { _null: true } },
      { _or: [{ status: { _null: true } }, { status: { _neq: 'cancelled' } }] },
      { pickup_date: { _gt: window.from } },
      { pickup_date: { _lte: window.to } },
      ...(only ? [{ reservation_number: { _in: only.length ? only : [''] } }] : []),
    ],
  };
  const rows = (await reservations(database).readByQuery({ filter, fields: [...REMINDER_FIELDS], sort: ['pickup_date', 'id'], limit: -1 })) as ReminderRow[];
  const result: ReminderRunResult = { sent: [], not_sent: [] };

  for (const candidate of rows) {
    if (reminderVerdict(candidateOf(candidate), hoursOf(candidate.brand), now) !== 'due') continue;
    const id = Number(candidate.id);
    const number = text(candidate.reservation_number) ?? String(candidate.id);
    const claimedAt = new Date().toISOString();

    const claimed = await writer.transaction(async (trx) => {
      if (!(await writer.lockReservation(trx, id))) return null;
      const [row] = (await reservations(trx).readByQuery({ filter: { id: { _eq: id } }, fields: [...REMINDER_FIELDS], limit: 1 })) as ReminderRow[];
      if (!row || reminderVerdict(candidateOf(row), hoursOf(row.brand), now) !== 'due') return null;
      const precheckin = (await trx('precheckins').select('status').where({ reservation: id }).first()) as { status: unknown } | undefined;
      const card = (await trx('payments').select('card_brand', 'card_last4')
        .where({ reservation: id, kind: 'charge', status: 'succeeded' }).orderBy('id', 'desc').first()) as { card_brand: unknown; card_last4: unknown } | undefined;
      const built = reminderPayload(row, { precheckinStatus: precheckin?.status ?? null, card: card ?? null });
      // Nothing to send to (no e-mail, no branch): left unclaimed, and said in the log of every run until its pickup.
      if ('problem' in built) return built;
      await reservations(trx).updateOne(id, { reminder_sent_at: claimedAt });
      return built;
    });
    if (claimed === null) continue;
    if ('problem' in claimed) {
      logger.warn(`reminders: the reminder of reservation ${number} cannot be written (${claimed.problem})`);
      result.not_sent.push({ reservation_number: number, reason: claimed.problem });
      continue;
    }

    const delivered = await deliver(claimed.payload);
    if (delivered.outcome === 'sent') {
      logger.info(`reminders: the reminder of reservation ${number} was sent (pickup ${claimed.payload.pickup_date})`);
      result.sent.push(number);
      continue;
    }
    result.not_sent.push({ reservation_number: number, reason: delivered.reason });
    if (delivered.outcome === 'unknown') {
      logger.error(`reminders: the reminder of reservation ${number} may not have been sent (${delivered.reason}); it stays marked as sent, so it is never sent twice`);
      continue;
    }
    await writer.transaction(async (trx) => {
      if (!(await writer.lockReservation(trx, id))) return;
      const [row] = (await reservations(trx).readByQuery({ filter: { id: { _eq: id } }, fields: ['reminder_sent_at'], limit: 1 })) as ReminderRow[];
      if (row && sameSecond(row.reminder_sent_at, claimedAt)) await reservations(trx).updateOne(id, { reminder_sent_at: null });
    });
    logger.warn(`reminders: the reminder of reservation ${number} was not sent (${delivered.reason}); the next run tries again`);
  }
  return result;
}
