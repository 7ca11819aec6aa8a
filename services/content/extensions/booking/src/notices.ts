// The e-mail of each revision of a reservation goes out once (revisions.ts): before it sends the e-mail of a change or
// a cancellation, the storefront claims that revision here; a retried request, a double submit or a second storefront
// instance finds it claimed and sends nothing.
//
//   POST   /booking/reservations/:ref/notices            { revision }: claims the e-mail of this revision; answers
//                                                         { claimed: true } once, when it is the reservation's current
//                                                         revision and no e-mail of it (or of a later one) was claimed;
//                                                         { claimed: false } otherwise
//   DELETE /booking/reservations/:ref/notices/:revision   gives the claim back (the e-mail could not be sent), so a
//                                                         later attempt may send it; { released: boolean }
//
// One statement each, so two claims at once cannot both win. They write `notified_revision` alone, straight to the
// table: bookkeeping, not a change of the reservation (no revision, no activity entry).
import type { Request, RequestHandler, Router } from 'express';
import type { Knex } from '../../shared/directus';
import { errorBody, invalid, isPlainObject, type AsyncRoute } from '../../shared/endpoint';
import { existingReservationId, type References } from '../../shared/references';
import type { Writer } from '../../shared/transactions';

const MAX_REVISION = 2_147_483_647;

function revisionOf(value: unknown): number | null {
  const revision = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
  return Number.isSafeInteger(revision) && (revision as number) >= 0 && (revision as number) <= MAX_REVISION ? (revision as number) : null;
}

export function noticeRoutes(router: Router, { database, writer, references, handle }: { database: Knex; writer: Writer; references: References; handle: (route: AsyncRoute) => RequestHandler }): void {
  const reservationId = (req: Request): Promise<number | null> => existingReservationId(references, database, req.params.ref);

  router.post('/reservations/:ref/notices', handle(async (req, res) => {
    const body: unknown = req.body;
    if (!isPlainObject(body)) return invalid(res, null, 'The body must be a JSON object { revision }');
    const unknown = Object.keys(body).find((name) => name !== 'revision');
    if (unknown) return invalid(res, unknown, `"${unknown}" is not accepted here (only "revision")`);
    const revision = revisionOf(body.revision);
    if (revision === null) return invalid(res, 'revision', '"revision" must be an integer >= 0');
    const id = await reservationId(req);
    if (id === null) return res.status(404).json(errorBody('No reservation', { code: 'NOT_FOUND' }));
    const updated: unknown = await writer.write(() =>
      database('reservations')
        .where({ id })
        .andWhere((query) => {
          // A row older than the revision field holds null for revision 0.
          void (revision === 0 ? query.where('revision', 0).orWhereNull('revision') : query.where('revision', revision));
        })
        .andWhere((query) => {
          void query.whereNull('notified_revision').orWhere('notified_revision', '<', revision);
        })
        .update({ notified_revision: revision }),
    );
    return res.status(200).json({ data: { claimed: Number(updated) > 0 } });
  }));

  router.delete('/reservations/:ref/notices/:revision', handle(async (req, res) => {
    const revision = revisionOf(req.params.revision);
    if (revision === null) return invalid(res, 'revision', 'The revision in the path must be an integer >= 0');
    const id = await reservationId(req);
    if (id === null) return res.status(404).json(errorBody('No reservation', { code: 'NOT_FOUND' }));
    const updated: unknown = await writer.write(() =>
      database('reservations').where({ id, notified_revision: revision }).update({ notified_revision: revision === 0 ? null : revision - 1 }),
    );
    return res.status(200).json({ data: { released: Number(updated) > 0 } });
  }));
}
