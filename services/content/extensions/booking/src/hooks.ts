// Rules the booking endpoint relies on, whoever writes the data:
//   - one fleet_stock row per car and branch. A Directus snapshot cannot declare a unique index over two columns, so
//     a create or update that would make a second row for a pair is refused here (400 INVALID_PAYLOAD naming the
//     row to edit instead). Checked inside the write's transaction (`database` is its connection); two staff members
//     creating the same pair at the same instant could still race past it. Directus runs filter hooks before its
//     permission check, so a caller without the right to write stock rows is left to that check (403) rather than
//     told which pairs exist.
//   - a reservation cancelled (by the renter, by staff, or when its payment hold ran out) cancels its pre-check-in.
//   - a reservation's revision goes up by one whenever its calendar event changes or it is cancelled (revisions.ts).
//   - every reservation records its sales channel when it is created (channel.ts); rows older than the field get
//     theirs once the content service has started.
// Reservation drafts are removed by the privacy extension's retention job (at their expiry, or the brands' draft period).
import { InvalidPayloadError } from '@directus/errors';
import { defineHook } from '../../shared/define';
import type { Accountability, Knex } from '../../shared/directus';
import { isPlainObject } from '../../shared/endpoint';
import { backfillChannels, channelOf } from './channel';
import { REVISION_READ_FIELDS, withRevision, type RevisionRow } from './revisions';
import { duplicateStockPair, stockKey, type StockPair } from './stock-pairs';

export default defineHook(({ filter, action, init }, { database, logger, services, getSchema }) => {
  // POST /booking/reservations sets it; anything else that creates a reservation (staff in the admin) gets the
  // channel its fields tell.
  filter('reservations.items.create', (payload) => {
    if (!isPlainObject(payload) || (payload.channel !== undefined && payload.channel !== null)) return payload;
    return { ...payload, channel: channelOf(payload) };
  });

  init('app.after', () => {
    backfillChannels(database)
      .then((filled) => { if (filled) logger.info(`booking: the sales channel of ${filled} older reservation(s) recorded`); })
      .catch((error: unknown) => logger.error(error, 'booking: recording the sales channel of older reservations failed; the next start tries again'));
  });

  // Before the write, in its transaction (`context.database`): the rows as they are, read through Directus so that
  // date-times compare alike on every engine.
  filter('reservations.items.update', async (payload, meta, context) => {
    if (!isPlainObject(payload)) return payload;
    const keys = Array.isArray(meta.keys) ? (meta.keys as (string | number)[]) : [];
    if (keys.length === 0) return payload;
    const rows = (await new services.ItemsService('reservations', { knex: context.database ?? database, schema: context.schema ?? (await getSchema()) })
      .readByQuery({ filter: { id: { _in: keys } }, fields: REVISION_READ_FIELDS, limit: -1 })) as RevisionRow[];
    return withRevision(payload, rows);
  });

  // Directus awaits an action handler's promise and logs its failure; its type only says the answer is not used.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  action('reservations.items.update', async ({ payload, keys }, context) => {
    if (!isPlainObject(payload) || payload.status !== 'cancelled' || !Array.isArray(keys) || !keys.length) return;
    const db = context.database ?? database;
    const cancelled: unknown = await db('precheckins').whereIn('reservation', keys as (string | number)[]).whereNot('status', 'cancelled').update({ status: 'cancelled' });
    if (Number(cancelled)) logger.info(`booking: ${Number(cancelled)} pre-check-in(s) cancelled with their reservation`);
  });

  filter('fleet_stock.items.create', async (payload, _meta, context) => {
    const db = context.database ?? database;
    if (!isPlainObject(payload) || !(await mayWrite(db, context.accountability, 'create'))) return payload;
    await refuseDuplicates(db, [{ id: null, car: stockKey(payload.car), branch: stockKey(payload.branch) }]);
    return payload;
  });

  filter('fleet_stock.items.update', async (payload, meta, context) => {
    if (!isPlainObject(payload) || (!('car' in payload) && !('branch' in payload))) return payload;
    const db = context.database ?? database;
    if (!(await mayWrite(db, context.accountability, 'update'))) return payload;
    const keys = Array.isArray(meta.keys) ? (meta.keys as (string | number)[]) : [];
    const rows = (await db('fleet_stock').select('id', 'car', 'branch').whereIn('id', keys)) as { id: number; car: number | null; branch: number | null }[];
    await refuseDuplicates(db, rows.map((row) => ({
      id: row.id,
      car: 'car' in payload ? stockKey(payload.car) : row.car,
      branch: 'branch' in payload ? stockKey(payload.branch) : row.branch,
    })));
    return payload;
  });
});

/** Could this caller write stock rows at all (system and administrators, or a policy with that permission)? */
async function mayWrite(db: Knex, accountability: Accountability | null | undefined, action: 'create' | 'update'): Promise<boolean> {
  if (!accountability || accountability.admin) return true;
  const roles = accountability.roles ?? (accountability.role ? [accountability.role] : []);
  const grant: unknown = await db('directus_permissions')
    .join('directus_access', 'directus_access.policy', 'directus_permissions.policy')
    .select('directus_permissions.id')
    .where({ 'directus_permissions.collection': 'fleet_stock', 'directus_permissions.action': action })
    .andWhere((query) => {
      if (accountability.user) void query.where('directus_access.user', accountability.user);
      else void query.whereNull('directus_access.role').whereNull('directus_access.user');
      if (roles.length) void query.orWhereIn('directus_access.role', roles);
    })
    .first();
  return Boolean(grant);
}

async function refuseDuplicates(db: Knex, wanted: StockPair[]): Promise<void> {
  const duplicate = await duplicateStockPair(wanted, async (pair) => {
    const others = db('fleet_stock').select('id').where({ car: pair.car, branch: pair.branch });
    const existing = (await (pair.id === null ? others : others.whereNot({ id: pair.id })).first()) as { id: number } | undefined;
    return existing?.id ?? null;
  });
  if (!duplicate) return;
  const { pair, existingId } = duplicate;
  throw new InvalidPayloadError({
    reason: existingId === null
      ? `fleet_stock: car ${String(pair.car)} at branch ${String(pair.branch)} appears twice; keep one row per car and branch`
      : `fleet_stock: car ${String(pair.car)} already has a stock row at branch ${String(pair.branch)} (id ${existingId}); change its units instead of adding a second row`,
  });
}
