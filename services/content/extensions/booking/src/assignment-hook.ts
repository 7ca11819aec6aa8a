// Hook `vehicle-assignment`: the assignment pass (assignment.ts) every five minutes. Directus runs a hook's schedule on
// one instance per tick; the pass locks each car model as a booking does, so two passes that meet do no harm.
import { defineHook } from '../../shared/define';
import { createWriter } from '../../shared/transactions';
import { runAssignment } from '../../shared/assignment';

const ASSIGNMENT_SCHEDULE = '*/5 * * * *';

export default defineHook(({ schedule }, { services, database, getSchema, logger }) => {
  const writer = createWriter(database);
  schedule(ASSIGNMENT_SCHEDULE, async () => {
    const schema = await getSchema();
    if (!schema.collections.vehicles || !schema.collections.reservations?.fields.vehicle) return;
    try {
      const outcome = await runAssignment({ ItemsService: services.ItemsService, database, writer, schema, now: new Date() });
      if (outcome.assigned.length || outcome.moved.length || outcome.needsVehicle.length) {
        logger.info(`booking: units assigned to ${outcome.assigned.length} booking(s), ${outcome.moved.length} moved to another unit, ${outcome.needsVehicle.length} need a car`);
      }
    } catch (error) {
      logger.error(error, 'booking: the assignment pass failed; the next one (in five minutes) tries again');
    }
  });
});
