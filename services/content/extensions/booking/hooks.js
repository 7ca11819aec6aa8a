// Rules the booking endpoint relies on, whoever writes the data:
//   - one fleet_stock row per car and branch. A Directus snapshot cannot declare a unique index over two columns, so
//     a create or update that would make a second row for a pair is refused here (400 INVALID_PAYLOAD naming the
//     row to edit instead). Checked inside the write's transaction (`database` is its connection); two staff members
//     creating the same pair at the same instant could still race past it. Directus runs filter hooks before its
//     permission check, so a caller without the right to write stock rows is left to that check (403) rather than
//     told which pairs exist.
//   - reservation drafts past expires_at are removed every ten minutes (the storefront cannot delete them).
//   - a reservation cancelled (by the renter, by staff, or when its payment hold ran out) cancels its pre-check-in.
import { InvalidPayloadError } from '@directus/errors';

// An m2o value may be the id, or an object with it (a nested update); a nested create has no id yet.
const keyOf = (value) => (value !== null && typeof value === 'object' ? value.id ?? null : value ?? null);

export default ({ filter, action, schedule }, { services, database, getSchema, logger }) => {
  action('reservations.items.update', async ({ payload, keys }, context) => {
    if (payload?.status !== 'cancelled' || !keys?.length) return;
    const db = context.database ?? database;
    const cancelled = await db('precheckins').whereIn('reservation', keys).whereNot('status', 'cancelled').update({ status: 'cancelled' });
    if (cancelled) logger.info(`booking: ${cancelled} pre-check-in(s) cancelled with their reservation`);
  });

  filter('fleet_stock.items.create', async (payload, _meta, context) => {
    const db = context.database ?? database;
    if (!(await mayWrite(db, context.accountability, 'create'))) return payload;
    await refuseDuplicates(db, [{ id: null, car: keyOf(payload.car), branch: keyOf(payload.branch) }]);
    return payload;
  });

  filter('fleet_stock.items.update', async (payload, meta, context) => {
    if (!('car' in payload) && !('branch' in payload)) return payload;
    const db = context.database ?? database;
    if (!(await mayWrite(db, context.accountability, 'update'))) return payload;
    const rows = await db('fleet_stock').select('id', 'car', 'branch').whereIn('id', meta.keys ?? []);
    await refuseDuplicates(db, rows.map((row) => ({
      id: row.id,
      car: 'car' in payload ? keyOf(payload.car) : row.car,
      branch: 'branch' in payload ? keyOf(payload.branch) : row.branch,
    })));
    return payload;
  });

  schedule('*/10 * * * *', async () => {
    const schema = await getSchema();
    if (!schema.collections.reservation_drafts) return;
    const drafts = new services.ItemsService('reservation_drafts', { knex: database, schema });
    const expired = await drafts.getKeysByQuery({ filter: { expires_at: { _lt: new Date().toISOString() } }, limit: 1000 });
    if (expired.length) {
      await drafts.deleteMany(expired);
      logger.info(`booking: removed ${expired.length} expired reservation draft(s)`);
    }
  });
};

/** Could this caller write stock rows at all (system and administrators, or a policy with that permission)? */
async function mayWrite(db, accountability, action) {
  if (!accountability || accountability.admin) return true;
  const roles = accountability.roles ?? (accountability.role ? [accountability.role] : []);
  const grant = await db('directus_permissions')
    .join('directus_access', 'directus_access.policy', 'directus_permissions.policy')
    .select('directus_permissions.id')
    .where({ 'directus_permissions.collection': 'fleet_stock', 'directus_permissions.action': action })
    .andWhere((q) => {
      if (accountability.user) q.where('directus_access.user', accountability.user);
      else q.whereNull('directus_access.role').whereNull('directus_access.user');
      if (roles.length) q.orWhereIn('directus_access.role', roles);
    })
    .first();
  return Boolean(grant);
}

async function refuseDuplicates(db, wanted) {
  const pairs = wanted.filter((w) => w.car !== null && w.branch !== null && typeof w.car !== 'object' && typeof w.branch !== 'object');
  const seen = new Set();
  for (const pair of pairs) {
    const key = `${pair.car}/${pair.branch}`;
    if (seen.has(key)) refuse(pair, null);
    seen.add(key);
    const others = db('fleet_stock').select('id').where({ car: pair.car, branch: pair.branch });
    const existing = await (pair.id === null ? others : others.whereNot({ id: pair.id })).first();
    if (existing) refuse(pair, existing.id);
  }
}

function refuse(pair, existingId) {
  throw new InvalidPayloadError({
    reason: existingId === null
      ? `fleet_stock: car ${pair.car} at branch ${pair.branch} appears twice; keep one row per car and branch`
      : `fleet_stock: car ${pair.car} already has a stock row at branch ${pair.branch} (id ${existingId}); change its units instead of adding a second row`,
  });
}
