// Hook `privacy-rules` (docs/privacy.md):
//   - every hour, the retention job (retention.ts) removes what the brands' periods no longer allow to keep: scans,
//     job applications with their CVs, reservation drafts (the content service's only removal of drafts: at their
//     expiry, and at the latest the draft period after they were started) and corporate leads;
//   - when staff set an erasure request to Done in the admin, it is carried out before the status is saved
//     (erasure.ts); while a reservation of that e-mail is still open (booked and not picked up, or its car out) it is
//     refused, and the admin shows the
//     reason (the request stays pending). Done or Refused also sets `completed_at`.
import { InvalidPayloadError } from '@directus/errors';
import { defineHook } from '../../shared/define';
import { isPlainObject } from '../../shared/endpoint';
import { eraseSubject } from './erasure';
import { runRetention } from './retention';

export default defineHook(({ filter, schedule }, { services, database, getSchema, logger }) => {
  schedule('7 * * * *', async () => {
    const schema = await getSchema();
    if (!schema.collections.retention_runs) return;
    try {
      await runRetention({ services, database, schema, logger, now: new Date(), trigger: 'schedule' });
    } catch (error) {
      logger.error(error, 'privacy: the retention job failed; it runs again in an hour');
    }
  });

  filter('data_requests.items.update', async (payload, meta, context) => {
    if (!isPlainObject(payload) || (payload.status !== 'done' && payload.status !== 'refused')) return payload;
    const db = context.database ?? database;
    const schema = context.schema ?? (await getSchema());
    const keys = Array.isArray(meta.keys) ? (meta.keys as (number | string)[]) : [];
    const requests = (await db('data_requests').select('id', 'kind', 'status', 'email').whereIn('id', keys)) as
      { id: number; kind: string; status: string; email: string | null }[];
    const now = new Date();
    const completed = { ...payload, completed_at: now.toISOString() };
    if (payload.status === 'refused') return completed;
    for (const request of requests) {
      if (request.kind !== 'erasure' || request.status === 'done' || !request.email) continue;
      const outcome = await eraseSubject({ services, database: db, schema }, request.email);
      if ('refused' in outcome) throw new InvalidPayloadError({ reason: outcome.refused });
      logger.info(`privacy: erasure of data request ${request.id} carried out: ${JSON.stringify(outcome.done)}`);
      if (requests.length === 1) return { ...completed, outcome: outcome.done };
      await db('data_requests').where({ id: request.id }).update({ outcome: JSON.stringify(outcome.done) });
    }
    return completed;
  });
});
