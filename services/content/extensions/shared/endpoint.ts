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

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The body of a job's manual run (`POST /<extension>/run`): `{ now?, only? }`, `now` an ISO instant with its offset
 * (else the clock), `only` left for the job to check, as it names its own items.
 */
export function checkRunEnvelope(body: unknown, clock: Date): { now: Date; only: unknown } | { problem: Problem } {
  const value: unknown = body ?? {};
  if (!isPlainObject(value)) return { problem: { field: null, message: 'The body must be a JSON object { now?, only? }' } };
  const unknown = Object.keys(value).find((name) => name !== 'now' && name !== 'only');
  if (unknown) return { problem: { field: unknown, message: `"${unknown}" is not accepted here (only "now" and "only")` } };
  if (value.now === undefined) return { now: clock, only: value.only };
  const parsed = typeof value.now === 'string' && ISO_INSTANT.test(value.now) ? new Date(value.now) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) return { problem: { field: 'now', message: '"now" must be an ISO instant with its offset, e.g. 2030-01-01T00:00:00Z' } };
  return { now: parsed, only: value.only };
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
 * Storefront policy through (401 without a token, 403 for any other user), `onlyAdministrators` administrators alone.
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

  return { handle, onlyStorefront, onlyAdministrators };
}

/**
 * Lets administrators alone through: 401 without a token, 403 for any other user, the storefront included (its token
 * must not start staff's jobs). `action` ends the refusal: "Only administrators may <action>".
 */
export function onlyAdministrators(action: string): RequestHandler {
  return (req, res, next) => {
    const accountability = req.accountability;
    if (!accountability?.user && !accountability?.admin) {
      res.status(401).json(errorBody('A valid access token is required', { code: 'INVALID_CREDENTIALS' }));
    } else if (!accountability.admin) {
      res.status(403).json(errorBody(`Only administrators may ${action}`, { code: 'FORBIDDEN' }));
    } else {
      next();
    }
  };
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
