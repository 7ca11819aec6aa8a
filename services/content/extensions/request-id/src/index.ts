// Hook `request-id`: the storefront names the request each of its calls serves (X-Request-Id, nginx's $request_id or
// its own), so that one renter's request can be followed through every service's log (docs/operations.md).
//
// Directus logs each request with pino-http, which keeps an id the request already has (`req.id`) instead of numbering
// it: this hook, before Directus' request logger, gives a request the id its caller sent (when well formed), and the
// request's line (written at CONTENT_LOG_LEVEL info) carries it as `req.id`. A request that fails with a 5xx gets a line
// of its own at error level with `reqId`, written whatever the level down to error. The extensions' own lines about a
// request carry it as `reqId` (shared/endpoint.ts). Directus' other lines (its own warnings, the stack of an unexpected
// error) are written by a logger a hook cannot reach per request: they carry no id, and are matched by time.
import type { Express } from 'express';
import { defineHook } from '../../shared/define';
import { requestIdOf } from '../../shared/request-id';

export default defineHook(({ init }, { logger }) => {
  init('middlewares.before', (meta) => {
    const { app } = meta as { app: Express };
    app.use((req, res, next) => {
      const reqId = requestIdOf(req.headers['x-request-id']);
      if (reqId === undefined) return next();
      (req as typeof req & { id?: string }).id = reqId;
      const started = Date.now();
      res.once('finish', () => {
        if (res.statusCode >= 500) logger.error({ reqId, method: req.method, path: req.path, status: res.statusCode, ms: Date.now() - started }, 'request failed');
      });
      next();
    });
  });
});
