// Rules the booking endpoint relies on, whoever writes the data:
//   - a unit (`vehicles`) has a plate in Panama's form, stored normalised, a VIN of 17 characters when given, fuel 0-8
//     and mileage 0 or more, and the time of its last status change (vehicle-rules.ts); 400 INVALID_PAYLOAD naming the
//     field otherwise. The plate is unique by the schema's index. A car model or a branch with units is not deleted
//     (400 naming some of them) until they are moved or deleted.
//   - a reservation cancelled (by the renter, by staff, or when its payment hold ran out) cancels its pre-check-in.
//   - a reservation's revision goes up by one whenever its calendar event changes or it is cancelled (revisions.ts).
//   - every reservation records its sales channel when it is created (channel.ts); rows older than the field get
//     theirs once the content service has started.
// Reservation drafts are removed by the privacy extension's retention job (at their expiry, or the brands' draft period).
import { InvalidPayloadError } from '@directus/errors';
import { defineHook } from '../../shared/define';
import { isPlainObject } from '../../shared/endpoint';
import { backfillChannels, channelOf } from './channel';
import { REVISION_READ_FIELDS, withRevision, type RevisionRow } from './revisions';
import { checkVehicle, unitsBlockDeletion } from './vehicle-rules';

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

  // A unit's plate, VIN, fuel, mileage and status, whoever writes it (vehicle-rules.ts). On an update that names the
  // status, the rows' current statuses tell whether it changes (read inside the write's transaction).
  filter('vehicles.items.create', (payload) => {
    const checked = checkVehicle(payload, { create: true, now: new Date() });
    if ('problem' in checked) throw new InvalidPayloadError({ reason: checked.problem });
    return isPlainObject(payload) ? checked.payload : payload;
  });
  filter('vehicles.items.update', async (payload, meta, context) => {
    let currentStatuses: unknown[] | undefined;
    if (isPlainObject(payload) && 'status' in payload && Array.isArray(meta.keys) && meta.keys.length > 0) {
      const db = context.database ?? database;
      const rows = (await db('vehicles').select('status').whereIn('id', meta.keys as (string | number)[])) as { status: unknown }[];
      currentStatuses = rows.map((row) => row.status);
    }
    const checked = checkVehicle(payload, { create: false, now: new Date(), currentStatuses });
    if ('problem' in checked) throw new InvalidPayloadError({ reason: checked.problem });
    return isPlainObject(payload) ? checked.payload : payload;
  });

  // A car model or a branch that still has units cannot be deleted (the schema's foreign keys refuse it, which Directus
  // would answer with 500): 400 saying which units to move or delete first. Only administrators may delete either, so
  // another caller is left to the permission check (403) rather than told about units.
  for (const [collection, field] of [['flota', 'car'], ['branches', 'current_branch']] as const) {
    filter(`${collection}.items.delete`, async (payload: unknown, _meta, context) => {
      const accountability = context.accountability;
      if (!Array.isArray(payload) || payload.length === 0 || (accountability && !accountability.admin)) return payload;
      const keys = payload as (string | number)[];
      const db = context.database ?? database;
      const rows = (await db('vehicles').select('plate').whereIn(field, keys).orderBy('plate').limit(4)) as { plate: string }[];
      if (rows.length) throw new InvalidPayloadError({ reason: unitsBlockDeletion(collection, rows.map((row) => row.plate)) });
      return keys;
    });
  }
});
