// POST /data-rights/access and /data-rights/erasure: a renter's requests from manage booking (docs/privacy.md), made
// by the storefront's server for a renter who proved a reservation: body { reservation_number, email, language? }.
//
//   - the e-mail is compared without case to the reservation's; a wrong number and a wrong e-mail both answer the same
//     404 NOT_FOUND, so neither can be told apart;
//   - each reservation number is counted in `rate_limits` (the booking extension's counter): past 10 requests in an
//     hour, 429 TOO_MANY_REQUESTS with Retry-After, whatever the address (the storefront also counts per client);
//   - access: 200 { data: { email, copy } }, the copy of everything kept about that e-mail (the domain's
//     buildDataExport), for the storefront to mail to the booking's address; recorded in `data_requests` as done;
//   - erasure: 201 { data: { id, status: 'pending' } }, a request staff handle in the admin (one pending request per
//     e-mail: asking again answers the same one with 200).
//
// Only administrators and the Storefront policy may call it (401 without a token, 403 for anyone else).
import { buildDataExport, sameEmail } from '@rentacar/domain/privacy';
import type { Request, Response } from 'express';
import { defineEndpoint } from '../../shared/define';
import { endpointKit, errorBody, invalid } from '../../shared/endpoint';
import { countHit } from '../../shared/rate-limit';
import { createWriter } from '../../shared/transactions';
import { checkProof, type Proof } from './run-request';
import { cvOnFile, documentsOnFile, readSubjectData } from './subject-data';

const PROOF_LIMIT = { limit: 10, windowSeconds: 3600 };

const notFound = (res: Response) => res.status(404).json(errorBody('No reservation with this number and e-mail', { code: 'NOT_FOUND' }));

export default defineEndpoint({
  id: 'data-rights',
  handler: (router, { services, database, logger }) => {
    const { ItemsService } = services;
    const writer = createWriter(database);
    const { handle, onlyStorefront } = endpointKit({ id: 'data-rights', database, logger });

    router.use(onlyStorefront);

    /** The proven reservation, or an answer already sent (400, 404, 429). */
    async function proven(req: Request, res: Response): Promise<{ proof: Proof; reservation: { id: number; reservation_number: string; client_email: string } } | null> {
      const checked = checkProof(req.body);
      if ('problem' in checked) {
        invalid(res, checked.problem.field, checked.problem.message);
        return null;
      }
      const { proof } = checked;
      // As stored: upper case (the storefront sends the number of the reservation the renter found).
      const number = proof.reservationNumber;
      const counted = await writer.write(() => countHit(database, { key: `data-rights:${number}`.slice(0, 255), ...PROOF_LIMIT }, Date.now()));
      if (!counted.allowed) {
        res.set('Retry-After', String(counted.retryAfterSeconds));
        res.status(429).json(errorBody('Too many requests for this reservation; try again later', { code: 'TOO_MANY_REQUESTS', retry_after_seconds: counted.retryAfterSeconds }));
        return null;
      }
      const row = (await database('reservations').select('id', 'reservation_number', 'client_email').where({ reservation_number: number }).first()) as
        { id: number; reservation_number: string; client_email: string | null } | undefined;
      if (!row || !sameEmail(row.client_email, proof.email)) {
        notFound(res);
        return null;
      }
      return { proof, reservation: { id: row.id, reservation_number: row.reservation_number, client_email: row.client_email ?? proof.email } };
    }

    router.post('/access', handle(async (req, res) => {
      const found = await proven(req, res);
      if (!found) return undefined;
      const { proof, reservation } = found;
      const now = new Date();
      const subject = await readSubjectData({ services, database, schema: req.schema }, reservation.client_email);
      const copy = buildDataExport({
        email: subject.email, generatedAt: now, records: subject.records,
        documentsOnFile: documentsOnFile(subject.records.precheckins), cvOnFile: cvOnFile(subject.records.job_applications),
      });
      await new ItemsService('data_requests', { knex: database, schema: req.schema }).createOne({
        kind: 'access', status: 'done', email: subject.email, reservation_number: reservation.reservation_number,
        language: proof.language, completed_at: now.toISOString(),
      });
      logger.info(`privacy: a copy of the data of reservation ${reservation.reservation_number}'s renter was requested`);
      return res.status(200).json({ data: { email: reservation.client_email, copy } });
    }));

    router.post('/erasure', handle(async (req, res) => {
      const found = await proven(req, res);
      if (!found) return undefined;
      const { proof, reservation } = found;
      const email = reservation.client_email.trim().toLowerCase();
      const requests = new ItemsService('data_requests', { knex: database, schema: req.schema });
      const [pending] = (await requests.readByQuery({
        filter: { _and: [{ kind: { _eq: 'erasure' } }, { status: { _eq: 'pending' } }, { email: { _eq: email } }] }, fields: ['id'], limit: 1,
      })) as { id: number }[];
      if (pending) return res.status(200).json({ data: { id: pending.id, status: 'pending' } });
      const id = await requests.createOne({ kind: 'erasure', status: 'pending', email, reservation_number: reservation.reservation_number, language: proof.language });
      logger.info(`privacy: erasure requested for the renter of reservation ${reservation.reservation_number} (data request ${String(id)})`);
      return res.status(201).json({ data: { id, status: 'pending' } });
    }));
  },
});
