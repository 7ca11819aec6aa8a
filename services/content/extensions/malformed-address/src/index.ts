// Hook `malformed-address`: an address whose % escapes cannot be decoded (`/items/flota/%ff`,
// `/booking/reservations/%ff`) makes Express fail to decode its route parameters, and Directus answers 500. It is the
// caller's mistake, so the content service answers 400 MALFORMED_ADDRESS before any route runs, for every route
// (Directus' own and the extensions' endpoints).
import type { Express } from 'express';
import { defineHook } from '../../shared/define';
import { isDecodable } from './decodable';

export default defineHook(({ init }) => {
  init('routes.before', (meta) => {
    const { app } = meta as { app: Express };
    app.use((req, res, next) => {
      if (isDecodable(req.path)) return next();
      res.status(400).json({
        errors: [{ message: 'This address cannot be decoded: a % sign is not followed by a valid encoded character', extensions: { code: 'MALFORMED_ADDRESS' } }],
      });
    });
  });
});
