// Endpoint /counter: the rental lifecycle at a branch's counter (docs/counter.md). The actions are the domain's
// `COUNTER_ACTIONS` (each one's address, branch, rule and body schema), recorded here by one route and written as
// writes.ts says:
//
//   POST /counter/reservations/:number/pickup    { mileage, fuel_eighths, notes?, photos? }      hand the car over
//   POST /counter/reservations/:number/return    { mileage, fuel_eighths, damage_notes?, damage_amount?, photos? }
//                                                take it back; the extra charges are computed and stored here
//   POST /counter/reservations/:number/no-show   { notes? }                                      the renter never came
//   GET  /counter/me, /counter/reservations/:number, /counter/today?date=&branch=                 the reads (read.ts)
//   POST /counter/reservations/:number/receipt   claims the one return-receipt e-mail (answers { claimed }); DELETE
//                                                gives the claim back when the e-mail could not be sent
//   POST /counter/reservations/:number/collection { method }  claims the one way the return's charges are being
//                                                collected (card_on_file or counter; answers { claimed, method }); DELETE
//                                                gives it back (a declined card)
//   GET  /counter/vehicles, POST /counter/vehicles/:plate/status, POST /counter/reservations/:number/assign
//                                                the branch's units: the fleet board, a unit's state, a booking's unit (fleet.ts)
//   POST /counter/photos                         multipart `file`: a JPEG or PNG photo of the car (10 MB at most),
//                                                stored in the private folder "Counter photos"; answers its id
//
// A pickup may record a security deposit taken at the counter ({ deposit_amount (cents), deposit_method }); a return
// gives it back, keeping `deposit_kept_amount` cents towards its charges (the domain's `checkDepositKept`: not more
// than the deposit nor the charges, else 422 DEPOSIT_KEEP_REFUSED).
//
// Callers: administrators (any branch) and Counter staff (their own branch only: the pickup branch for a pickup or a
// no-show, the return branch for a return; another branch's staff get 403 OTHER_BRANCH and still read the reservation
// at /items). Without a token 401, any other user 403. The order of events is the domain's (`decideRentalAction`): a
// wrong one answers 409 RENTAL_STATE_CONFLICT with the reason, in the domain's words (`RENTAL_REFUSAL_MESSAGES`). Each
// action reads, checks and writes the reservation in one transaction, on the locked row, through Directus'
// ItemsService with the caller's identity (activity, revisions) and the endpoint's rights (Counter staff have no write
// right at /items).
import { Readable } from 'node:stream';
import {
  counterActionOf,
  COUNTER_PHOTO_TYPES,
  decideRentalAction,
  MAX_COUNTER_PHOTO_BYTES,
  RENTAL_ACTIONS,
  RENTAL_REFUSAL_MESSAGES,
  type RentalAction,
  type RentalRefusal,
} from '@rentacar/domain/rentals';
import type { Response } from 'express';
import { defineEndpoint } from '../../shared/define';
import { ids, withEndpointRights, type Accountability } from '../../shared/directus';
import { endpointKit, errorBody, invalid, type Problem } from '../../shared/endpoint';
import { createWriter } from '../../shared/transactions';
import { createUpload, datedUpload } from '../../shared/uploads';
import { collectionInput, parseBody } from './input';
import { registerFleet } from './fleet';
import { registerReads } from './read';
import { branchOf, staffOf, type Staff } from './staff';
import { COUNTER_WRITES, ROW_FIELDS, type ReservationRow, type WriteContext, type WriteOutcome } from './writes';

/** A photo of the car: JPEG or PNG (a phone camera's), 10 MB at most (the domain's limits). */
const photoUpload = createUpload({
  fileField: 'file', fileLabel: 'the photo', textFields: [], maxBytes: MAX_COUNTER_PHOTO_BYTES, types: COUNTER_PHOTO_TYPES,
  limits: { fields: 2, parts: 3, fieldSize: 1024 },
});

type Outcome =
  | { done: Record<string, unknown> }
  | { notFound: true }
  | { otherBranch: true }
  | { refused: RentalRefusal }
  | Extract<WriteOutcome, { unprocessable: unknown }>;

export default defineEndpoint({
  id: 'counter',
  handler: (router, { services, database, logger }) => {
    const { ItemsService, FilesService } = services;
    const writer = createWriter(database);
    const { handle } = endpointKit({ id: 'counter', database, logger });
    registerReads(router, { ItemsService, database, handle });

    /** The caller as counter staff with a branch (or an administrator), or null once the refusal is answered. */
    const staffOrRefusal = async (accountability: Accountability | null | undefined, res: Response): Promise<Staff | null> => {
      const staff = await staffOf(database, accountability);
      if (staff === 401) {
        res.status(401).json(errorBody('A valid access token is required', { code: 'INVALID_CREDENTIALS' }));
        return null;
      }
      if (staff === 403) {
        res.status(403).json(errorBody('Only counter staff and administrators may use /counter', { code: 'FORBIDDEN' }));
        return null;
      }
      if (!staff.admin && staff.branch === null) {
        res.status(403).json(errorBody('This counter staff member has no branch: an administrator sets it on the user', { code: 'NO_BRANCH' }));
        return null;
      }
      return staff;
    };

    /** POST /reservations/:number/{path} of `action`: its body checked, the row locked, the domain's rule, its write. */
    const record = (action: RentalAction) => {
      const { path, input } = counterActionOf(action);
      const write = COUNTER_WRITES[action] as (body: unknown, row: ReservationRow, context: WriteContext) => WriteOutcome | Promise<WriteOutcome>;
      router.post(`/reservations/:number/${path}`, handle(async (req, res) => {
        const staff = await staffOrRefusal(req.accountability, res);
        if (!staff) return undefined;
        // As printed and in the QR code (FF-7K3M9Q); typed in lower case too.
        const number = String(req.params.number ?? '').trim().toUpperCase();
        if (!/^[A-Z0-9-]{1,32}$/.test(number)) return notFound(res);
        const parsed = parseBody(input, req.body);
        if ('problem' in parsed) return invalid(res, parsed.problem.field, parsed.problem.message);
        const photos = (parsed.value as { photos?: string[] }).photos ?? [];
        if (photos.length > 0) {
          const found = (await database('directus_files').select('id').whereIn('id', photos)) as { id: string }[];
          const missing = photos.find((id) => !found.some((file) => file.id.toLowerCase() === id.toLowerCase()));
          if (missing !== undefined) return invalid(res, 'photos', `No file with id ${missing}: upload the photo first`);
        }

        const outcome = await writer.transaction(async (trx): Promise<Outcome> => {
          const items = new ItemsService('reservations', { knex: trx, schema: req.schema });
          const [found] = (await items.readByQuery({ filter: { reservation_number: { _eq: number } }, fields: ['id'], limit: 1 })) as { id: number }[];
          if (!found || !(await writer.lockReservation(trx, Number(found.id)))) return { notFound: true };
          const [row] = (await items.readByQuery({ filter: { id: { _eq: found.id } }, fields: [...ROW_FIELDS], limit: 1 })) as ReservationRow[];
          if (!row) return { notFound: true };
          if (!staff.admin && branchOf(action, row) !== staff.branch) return { otherBranch: true };
          const now = new Date();
          const decision = decideRentalAction(action, { status: row.status, rentalStatus: row.rental_status, pickupDate: row.pickup_date }, now);
          if (!decision.allowed) return { refused: decision.reason };
          const updateVehicle = async (id: number, set: Record<string, unknown>) => {
            await new ItemsService('vehicles', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) }).updateOne(id, set);
          };
          const written = await write(parsed.value, row, { now, staff, trx, updateVehicle });
          if ('conflict' in written) return { refused: written.conflict };
          if ('unprocessable' in written) return written;
          const update = { ...written.set, rental_status: decision.next };
          await new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) })
            .updateOne(row.id, update);
          return { done: { reservation_number: row.reservation_number, ...update } };
        });

        if ('notFound' in outcome) return notFound(res);
        if ('otherBranch' in outcome) {
          return res.status(403).json(errorBody('This reservation belongs to another branch: its staff record this', { code: 'OTHER_BRANCH' }));
        }
        if ('refused' in outcome) {
          return res.status(409).json(errorBody(RENTAL_REFUSAL_MESSAGES[outcome.refused], { code: 'RENTAL_STATE_CONFLICT', reason: outcome.refused }));
        }
        if ('unprocessable' in outcome) {
          const { message, code, field, reason, max } = outcome.unprocessable;
          return res.status(422).json(errorBody(message, { code, field, ...(reason === undefined ? {} : { reason }), ...(max === undefined ? {} : { max }) }));
        }
        return res.status(200).json({ data: outcome.done });
      }));
    };
    for (const action of RENTAL_ACTIONS) record(action);
    registerFleet(router, { ItemsService, database, writer, handle, staffOrRefusal: (req, res) => staffOrRefusal(req.accountability, res) });

    /**
     * A claim on a returned reservation's row, read, checked and written in one transaction on the locked row: the
     * return receipt (sent once) and the way its charges are being collected (one way at a time).
     */
    const claimOnReturned = (decide: (row: ReservationRow, body: unknown) => { problem: Problem } | { write: Record<string, unknown> | null; answer: Record<string, unknown> }) =>
      handle(async (req, res) => {
        const staff = await staffOrRefusal(req.accountability, res);
        if (!staff) return undefined;
        const number = String(req.params.number ?? '').trim().toUpperCase();
        if (!/^[A-Z0-9-]{1,32}$/.test(number)) return notFound(res);
        const outcome = await writer.transaction(async (trx): Promise<{ notFound: true } | { otherBranch: true } | { notReturned: true } | { problem: Problem } | { answer: Record<string, unknown> }> => {
          const items = new ItemsService('reservations', { knex: trx, schema: req.schema });
          const [found] = (await items.readByQuery({ filter: { reservation_number: { _eq: number } }, fields: ['id'], limit: 1 })) as { id: number }[];
          if (!found || !(await writer.lockReservation(trx, Number(found.id)))) return { notFound: true };
          const [row] = (await items.readByQuery({ filter: { id: { _eq: found.id } }, fields: [...ROW_FIELDS], limit: 1 })) as ReservationRow[];
          if (!row) return { notFound: true };
          if (!staff.admin && branchOf('return', row) !== staff.branch) return { otherBranch: true };
          if (row.rental_status !== 'returned') return { notReturned: true };
          const decision = decide(row, req.body);
          if ('problem' in decision) return decision;
          if (decision.write) {
            await new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) })
              .updateOne(row.id, decision.write);
          }
          return { answer: decision.answer };
        });
        if ('notFound' in outcome) return notFound(res);
        if ('otherBranch' in outcome) return res.status(403).json(errorBody('This reservation belongs to another branch: its staff record this', { code: 'OTHER_BRANCH' }));
        if ('notReturned' in outcome) return res.status(409).json(errorBody('The car has not been returned yet', { code: 'RENTAL_STATE_CONFLICT', reason: 'not_returned' }));
        if ('problem' in outcome) return invalid(res, outcome.problem.field, outcome.problem.message);
        return res.status(200).json({ data: outcome.answer });
      });

    // The return receipt is e-mailed once: the storefront claims it here (after the return, once the charges are
    // settled or left due) and sends it only when this call set `return_receipt_sent_at`; DELETE gives it back.
    const receipt = (claim: boolean) => claimOnReturned((row) => {
      const sent = row.return_receipt_sent_at !== null;
      if (claim === sent) return { write: null, answer: { claimed: false } };
      return { write: { return_receipt_sent_at: claim ? new Date().toISOString() : null }, answer: { claimed: true } };
    });
    router.post('/reservations/:number/receipt', receipt(true));
    router.delete('/reservations/:number/receipt', receipt(false));

    // What the return left due is collected one way at a time: the storefront claims the way (`card_on_file` or
    // `counter`) before it charges or records, so two staff members pressing both buttons at once cannot take the
    // money twice. The same way may claim again (a retry under the same idempotency key); DELETE gives the claim back
    // (a declined card, so the counter can collect instead).
    const collection = (claim: boolean) => claimOnReturned((row, body) => {
      const parsed = parseBody(collectionInput, body);
      if ('problem' in parsed) return parsed;
      const { method } = parsed.value;
      const holder = row.return_collection;
      if (claim) {
        if (holder !== null && holder !== method) return { write: null, answer: { claimed: false, method: holder } };
        return { write: holder === null ? { return_collection: method } : null, answer: { claimed: true, method } };
      }
      return { write: holder === method ? { return_collection: null } : null, answer: { released: holder === method } };
    });
    router.post('/reservations/:number/collection', collection(true));
    router.delete('/reservations/:number/collection', collection(false));

    // A photo of the car, taken at pickup or return: its type from its first bytes, into the private folder with the
    // endpoint's rights (counter staff have no create right on files), named neutrally. The pickup and return bodies
    // then name its id in `photos`.
    router.post('/photos', handle(async (req, res) => {
      const staff = await staffOrRefusal(req.accountability, res);
      if (!staff) return undefined;
      const received = await photoUpload.receive(req, res);
      if (!received) return undefined;
      const found = photoUpload.checkFile(res, received.file);
      if (!found || !received.file) return undefined;
      const service = new FilesService({ schema: req.schema, accountability: withEndpointRights(req.accountability) });
      const id = await service.uploadOne(Readable.from(received.file.bytes), datedUpload({
        folder: ids.counterPhotosFolder, file: found, title: 'Counter photo', stem: 'counter', tag: 'counter-photo',
      }));
      return res.status(201).json({ data: { id, type: found.type, filesize: received.file.size } });
    }));
  },
});

function notFound(res: Response): Response {
  return res.status(404).json(errorBody('No reservation with this number', { code: 'NOT_FOUND' }));
}
