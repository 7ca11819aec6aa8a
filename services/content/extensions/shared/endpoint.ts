// What every endpoint of the storefront's server shares: who may call it, how an answer or a refusal is written, and
// what an unexpected failure becomes. The routes answer Directus' error shape `{ errors: [{ message, extensions }] }`,
// so the storefront reads them as it reads Directus' own.
import { isDirectusError } from '@directus/errors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ids, type Accountability, type Knex, type Logger } from './directus';
import { requestFields } from './request-id';
import { BusyError, errorCode } from './transactions';

/** A refused input: the field it concerns (null for the body as a whole) and why, as the caller is told. */
export interface Problem {
  field: string | null;
  message: string;
}

export function errorBody(message: string, extensions: Record<string, unknown>) {
  return { errors: [{ message, extensions }] };
}

/** 400 INVALID_PAYLOAD naming the field. */
export function invalid(res: Response, field: string | null, message: string): Response {
  return res.status(400).json(errorBody(message, { code: 'INVALID_PAYLOAD', field }));
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An id written in decimal (as a path or form value): the number, or null. */
export function positiveInt(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

export type AsyncRoute = (req: Request, res: Response, next: NextFunction) => Promise<unknown>;

/**
 * The pieces of an endpoint mounted at `/<id>`: `handle` wraps a route (a busy database answers 503 with Retry-After,
 * anything unexpected is logged and left to Directus' error handler; each line with the caller's request id, reqId), `onlyStorefront` lets administrators and the
 * Storefront policy through (401 without a token, 403 for any other user).
 */
export function endpointKit({ id, database, logger }: { id: string; database: Knex; logger: Logger }) {
  const handle = (route: AsyncRoute): RequestHandler => (req, res, next) => {
    route(req, res, next).catch((error: unknown) => {
      if (error instanceof BusyError) {
        const cause = error.cause;
        logger.warn(requestFields(req.headers), `${id}: ${error.message} (${errorCode(cause) || String(cause)})`);
        res.set('Retry-After', '1');
        res.status(503).json(errorBody(error.message, { code: 'SERVICE_UNAVAILABLE' }));
        return;
      }
      if (!isDirectusError(error)) logger.error({ err: error, ...requestFields(req.headers) }, `${id}: unexpected error`);
      next(error);
    });
  };

  const onlyStorefront = handle(async (req, res, next) => {
    const accountability = req.accountability;
    if (!accountability?.user && !accountability?.admin) {
      res.status(401).json(errorBody('A valid access token is required', { code: 'INVALID_CREDENTIALS' }));
    } else if (!(await mayCall(database, accountability))) {
      res.status(403).json(errorBody(`Only the storefront and administrators may use /${id}`, { code: 'FORBIDDEN' }));
    } else {
      next();
    }
  });

  return { handle, onlyStorefront };
}

/** Administrators, and users with the Storefront policy (through their role, or given to the user itself). */
async function mayCall(database: Knex, accountability: Accountability): Promise<boolean> {
  if (accountability.admin) return true;
  const roles = accountability.roles ?? (accountability.role ? [accountability.role] : []);
  if (roles.includes(ids.storefrontRole)) return true;
  const link: unknown = await database('directus_access').select('id').where({ policy: ids.storefrontPolicy })
    .andWhere((query) => {
      void query.where({ user: accountability.user });
      if (roles.length) void query.orWhereIn('role', roles);
    })
    .first();
  return Boolean(link);
}
