// Hook `privacy-rules` (docs/privacy.md):
//   - every hour, the retention job (retention.ts) removes what the brands' periods no longer allow to keep: scans,
//     job applications with their CVs, reservation drafts (the content service's only removal of drafts: at their
//     expiry, and at the latest the draft period after they were started) and corporate leads;
import { defineHook } from '../../shared/define';
import { runRetention } from './retention';

export default defineHook(({ schedule }, { services, database, getSchema, logger }) => {
  schedule('7 * * * *', async () => {
    const schema = await getSchema();
    if (!schema.collections.retention_runs) return;
    try {
      await runRetention({ services, database, schema, logger, now: new Date(), trigger: 'schedule' });
    } catch (error) {
      logger.error(error, 'privacy: the retention job failed; it runs again in an hour');
    }
  });
});
