// What Directus' middlewares put on every request before an extension's route runs: who calls (`accountability`,
// absent only before authentication) and the schema the services need.
import type { Accountability, SchemaOverview } from '@directus/types';

declare global {
  namespace Express {
    interface Request {
      accountability?: Accountability | null;
      schema: SchemaOverview;
    }
  }
}

export {};
