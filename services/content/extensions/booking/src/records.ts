// The renters' records as the storefront reaches them (docs/content-model.md, "Renters' records"). The Storefront
// policy reads and writes none of reservations, pre-check-ins, drafts or leads at /items: these routes are its only
// way, and each needs a proof for the one record it touches:
//
//   POST  /booking/reservations/find           { number, email }: the reservation with that number booked with that
//                                               e-mail (any case), or 404 for a wrong number or a wrong e-mail alike
//   GET   /booking/reservations/:ref            the reservation a reference names (given by the routes that answer one)
//   GET   /booking/reservations/:ref/precheckin its pre-check-in, or 404
//   PUT   /booking/reservations/:ref/precheckin create or update its pre-check-in with the fields given
//   POST  /booking/drafts                       { data, expires_at }: a new booking draft, answered with its reference
//   GET   /booking/drafts/:ref                  a draft that has not expired, or 404
//   PATCH /booking/drafts/:ref                  { data, expires_at }
//   POST  /booking/leads                        a company's request for a corporate plan (write only)
//
// A reservation is answered with `id` replaced by its reference (shared/references.ts); a pre-check-in with its
// `reservation` replaced likewise. The rows are read and written with the endpoint's
// rights and the caller's identity (the activity log names the storefront user).
import { PRECHECKIN_STATUSES } from '@rentacar/domain/precheckin';
import type { Request, RequestHandler, Response, Router } from 'express';
import { ids, withEndpointRights, type ItemsServiceClass, type Knex, type Row } from '../../shared/directus';
import { errorBody, invalid, isPlainObject, type AsyncRoute } from '../../shared/endpoint';
import { existingReservationId, type References } from '../../shared/references';
import type { Writer } from '../../shared/transactions';

const RESERVATION_READ_FIELDS = ['*', 'coupon.id', 'coupon.code'];

const PRECHECKIN_FIELDS = [
  'status', 'preferred_language', 'contact_email', 'contact_phone', 'flight_number', 'license_number', 'license_country',
  'license_expiry', 'id_document', 'license_file', 'id_file', 'additional_drivers', 'terms_accepted_name', 'terms_accepted_at',
];
const PRECHECKIN_FILE_FIELDS = ['license_file', 'id_file'];

const LEAD_FIELDS = ['company', 'contact_name', 'email', 'phone', 'fleet_size', 'message', 'brand', 'source_page'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_EMAIL_LENGTH = 254;
const MAX_NUMBER_LENGTH = 32;

interface RecordRoutesContext {
  ItemsService: ItemsServiceClass;
  database: Knex;
  writer: Writer;
  references: References;
  handle: (route: AsyncRoute) => RequestHandler;
}

const notFound = (res: Response, what: string) => res.status(404).json(errorBody(`No ${what}`, { code: 'NOT_FOUND' }));

/** Only the fields this route writes, each one of them: 400 naming the first field that is not. */
function onlyFields(res: Response, body: unknown, allowed: readonly string[], required: readonly string[] = []): Row | undefined {
  if (!isPlainObject(body)) {
    invalid(res, null, 'The body must be a JSON object');
    return undefined;
  }
  const unknown = Object.keys(body).find((name) => !allowed.includes(name));
  if (unknown) {
    invalid(res, unknown, `"${unknown}" is not accepted here (only ${allowed.map((name) => `"${name}"`).join(', ')})`);
    return undefined;
  }
  const missing = required.find((name) => body[name] === undefined);
  if (missing) {
    invalid(res, missing, `"${missing}" is required`);
    return undefined;
  }
  return body;
}

function isoDateTime(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function recordRoutes(router: Router, { ItemsService, database, writer, references, handle }: RecordRoutesContext): { reservationAnswer: (req: Request, id: number | string) => Promise<Row> } {
  const reservationsOf = (req: Request, knex?: Knex) => new ItemsService('reservations', { knex, schema: req.schema, accountability: withEndpointRights(req.accountability) });

  /** The reservation as the storefront receives it: its reference for an id. */
  const asReservationAnswer = (row: Row): Row => ({ ...row, id: references.sign('reservation', row.id as number) });
  const reservationAnswer = async (req: Request, id: number | string) => asReservationAnswer(await reservationsOf(req).readOne(id, { fields: RESERVATION_READ_FIELDS }));

  /** The id a reservation reference in the path names, when that reservation exists. */
  const reservationOf = (req: Request): Promise<number | null> => existingReservationId(references, database, req.params.ref);

  router.post('/reservations/find', handle(async (req, res) => {
    const body = onlyFields(res, req.body, ['number', 'email'], ['number', 'email']);
    if (!body) return undefined;
    const { number, email } = body;
    if (typeof number !== 'string' || number.length === 0 || number.length > MAX_NUMBER_LENGTH) return invalid(res, 'number', '"number" must be a reservation number');
    if (typeof email !== 'string' || email.length === 0 || email.length > MAX_EMAIL_LENGTH) return invalid(res, 'email', '"email" must be an e-mail address');
    const row = (await database('reservations').select('id', 'client_email').where({ reservation_number: number }).first()) as
      { id: number; client_email: string | null } | undefined;
    // One answer for a wrong number and a wrong e-mail: the route tells nothing about which numbers exist.
    if (!row || (row.client_email ?? '').trim().toLowerCase() !== email.trim().toLowerCase()) return notFound(res, 'reservation with this number and e-mail');
    return res.status(200).json({ data: await reservationAnswer(req, row.id) });
  }));

  router.get('/reservations/:ref', handle(async (req, res) => {
    const id = await reservationOf(req);
    if (id === null) return notFound(res, 'reservation');
    return res.status(200).json({ data: await reservationAnswer(req, id) });
  }));

  const precheckinsOf = (req: Request, knex?: Knex) => new ItemsService('precheckins', { knex, schema: req.schema, accountability: withEndpointRights(req.accountability) });
  const precheckinAnswer = (row: Row): Row => ({ ...row, reservation: references.sign('reservation', row.reservation as number) });
  const readPrecheckinRow = async (req: Request, reservation: number, knex?: Knex): Promise<Row | undefined> => {
    const [row] = (await precheckinsOf(req, knex).readByQuery({ filter: { reservation: { _eq: reservation } }, fields: ['*'], limit: 1 })) as Row[];
    return row;
  };

  router.get('/reservations/:ref/precheckin', handle(async (req, res) => {
    const reservation = await reservationOf(req);
    if (reservation === null) return notFound(res, 'reservation');
    const row = await readPrecheckinRow(req, reservation);
    if (!row) return notFound(res, 'pre-check-in for this reservation');
    return res.status(200).json({ data: precheckinAnswer(row) });
  }));

  router.put('/reservations/:ref/precheckin', handle(async (req, res) => {
    const reservation = await reservationOf(req);
    if (reservation === null) return notFound(res, 'reservation');
    const body = onlyFields(res, req.body, PRECHECKIN_FIELDS);
    if (!body) return undefined;
    if (body.status !== undefined && !(PRECHECKIN_STATUSES as readonly unknown[]).includes(body.status)) {
      return invalid(res, 'status', `"status" must be one of ${PRECHECKIN_STATUSES.join(', ')}`);
    }
    // A scan named here must be one stored by POST /precheckin-documents: no other file can be linked to a renter.
    for (const name of PRECHECKIN_FILE_FIELDS) {
      const file = body[name];
      if (file === undefined || file === null) continue;
      // A file id is a UUID: anything else is refused before the query (PostgreSQL would fail on it, not answer none).
      const stored = typeof file === 'string' && UUID.test(file)
        ? ((await database('directus_files').select('id').where({ id: file, folder: ids.precheckinFolder }).first()) as { id: string } | undefined)
        : undefined;
      if (!stored) return invalid(res, name, `"${name}" must be a document uploaded with POST /precheckin-documents`);
    }
    const row = await writer.transaction(async (trx) => {
      const existing = await readPrecheckinRow(req, reservation, trx);
      const service = precheckinsOf(req, trx);
      const id = existing ? await service.updateOne(existing.id as number, body) : await service.createOne({ status: 'pending', ...body, reservation });
      return (await service.readOne(id, { fields: ['*'] }));
    });
    return res.status(200).json({ data: precheckinAnswer(row) });
  }));

  const draftsOf = (req: Request) => new ItemsService('reservation_drafts', { schema: req.schema, accountability: withEndpointRights(req.accountability) });
  const draftAnswer = (row: Row): Row => ({ id: references.sign('draft', row.id as string), data: row.data, expires_at: row.expires_at });
  const draftBody = (res: Response, body: unknown): { data: unknown; expires_at: string } | undefined => {
    const checked = onlyFields(res, body, ['data', 'expires_at'], ['data', 'expires_at']);
    if (!checked) return undefined;
    const expiresAt = isoDateTime(checked.expires_at);
    if (!expiresAt) {
      invalid(res, 'expires_at', '"expires_at" must be an ISO date-time');
      return undefined;
    }
    if (!isPlainObject(checked.data)) {
      invalid(res, 'data', '"data" must be a JSON object');
      return undefined;
    }
    return { data: checked.data, expires_at: expiresAt };
  };
  /** The draft a reference names, unless it is gone or expired. */
  const draftOf = async (req: Request): Promise<Row | null> => {
    const id = references.read('draft', req.params.ref);
    if (id === null) return null;
    const row = (await database('reservation_drafts').select('id', 'expires_at').where({ id }).first()) as Row | undefined;
    if (!row) return null;
    const expires = row.expires_at === null || row.expires_at === undefined ? NaN : new Date(row.expires_at as string).getTime();
    return Number.isNaN(expires) || expires >= Date.now() ? row : null;
  };

  router.post('/drafts', handle(async (req, res) => {
    const body = draftBody(res, req.body);
    if (!body) return undefined;
    const service = draftsOf(req);
    const id = await service.createOne(body);
    return res.status(201).json({ data: draftAnswer((await service.readOne(id, { fields: ['id', 'data', 'expires_at'] }))) });
  }));

  router.get('/drafts/:ref', handle(async (req, res) => {
    const draft = await draftOf(req);
    if (!draft) return notFound(res, 'draft');
    return res.status(200).json({ data: draftAnswer((await draftsOf(req).readOne(draft.id as string, { fields: ['id', 'data', 'expires_at'] }))) });
  }));

  router.patch('/drafts/:ref', handle(async (req, res) => {
    const draft = await draftOf(req);
    if (!draft) return notFound(res, 'draft');
    const body = draftBody(res, req.body);
    if (!body) return undefined;
    await draftsOf(req).updateOne(draft.id as string, body);
    return res.status(200).json({ data: { id: req.params.ref } });
  }));

  router.post('/leads', handle(async (req, res) => {
    const body = onlyFields(res, req.body, LEAD_FIELDS, ['company', 'contact_name', 'email']);
    if (!body) return undefined;
    await new ItemsService('corporate_leads', { schema: req.schema, accountability: withEndpointRights(req.accountability) }).createOne(body);
    return res.status(201).json({ data: { created: true } });
  }));

  return { reservationAnswer };
}
