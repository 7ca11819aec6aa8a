// Hook `relational-query-guard`: every read of items, files and users by a request without staff access passes
// checkQuery (guard.ts explains the rule); a refused query answers 400 INVALID_QUERY with the reason.
import { InvalidQueryError } from '@directus/errors';
import { defineHook } from '../../shared/define';
import { checkQuery, RelationalQuery, type GuardedQuery, type GuardSchema } from './guard';

const GUARDED_EVENTS = ['items.query', 'files.query', 'users.query'];

export default defineHook(({ filter }) => {
  for (const event of GUARDED_EVENTS) {
    filter(event, (query, meta, { accountability, schema }) => {
      if (!accountability || accountability.admin || accountability.app) return query;
      const collection = (meta as { collection?: unknown }).collection;
      try {
        checkQuery(query as GuardedQuery, typeof collection === 'string' ? collection : '', schema as GuardSchema);
      } catch (error) {
        if (error instanceof RelationalQuery) throw new InvalidQueryError({ reason: error.reason });
        throw error;
      }
      return query;
    });
  }
});
