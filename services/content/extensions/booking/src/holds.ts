// POST /booking/holds/expire: cancels the prepaid reservations left unpaid past their brand's payment hold, so that
// their units are free again (docs/content-model.md, "Booking endpoint"). The storefront calls it on a schedule. A
// reservation the counter has acted on (handed over, returned, no-show) is never cancelled here: the car is out or
// the rental is over, whatever its online payment became.
import { BRANDS, isBrand } from '@rentacar/domain/brands';
import { LIVE_PAYMENT_STATUSES } from '@rentacar/domain/payments';
import { rentalStatusOf } from '@rentacar/domain/rentals';
import type { RequestHandler, Router } from 'express';
import { withEndpointRights, type ItemsServiceClass, type Knex } from '../../shared/directus';
import { invalid, isPlainObject, type AsyncRoute } from '../../shared/endpoint';
import { readBookingRules, rowHoldsUnit, type BookingRules } from '../../shared/occupancy';
import type { References } from '../../shared/references';
import type { Writer } from '../../shared/transactions';

interface HoldCandidate {
  id: number | string;
  reservation_number: string;
  brand: string | null;
  status: string | null;
  reservation_type: string | null;
  date_created: string | null;
  rental_status: string | null;
}

const FIELDS = ['id', 'reservation_number', 'brand', 'status', 'reservation_type', 'date_created', 'rental_status'];
const stillBooked = (row: HoldCandidate) => rentalStatusOf(row.rental_status) === 'booked';

export function holdRoutes(
  router: Router,
  { ItemsService, database, writer, references, handle }: {
    ItemsService: ItemsServiceClass; database: Knex; writer: Writer; references: References; handle: (route: AsyncRoute) => RequestHandler;
  },
): void {
  router.post('/holds/expire', handle(async (req, res) => {
    const body: unknown = req.body ?? {};
    if (!isPlainObject(body)) return invalid(res, null, 'The body must be a JSON object { brand? }');
    const unknown = Object.keys(body).find((name) => name !== 'brand');
    if (unknown) return invalid(res, unknown, `"${unknown}" is not accepted here (only "brand")`);
    const brand = body.brand ?? null;
    if (brand !== null && !isBrand(brand)) return invalid(res, 'brand', `"brand" must be one of ${BRANDS.join(', ')}`);

    const candidates = (await new ItemsService('reservations', { knex: database, schema: req.schema }).readByQuery({
      filter: { _and: [{ reservation_type: { _eq: 'prepaid' } }, { status: { _eq: 'unpaid' } }, ...(brand ? [{ brand: { _eq: brand } }] : [])] },
      fields: FIELDS, sort: ['id'], limit: -1,
    })) as HoldCandidate[];
    const rulesOf = new Map<string | null, BookingRules>();
    const expired: { id: string; reservation_number: string }[] = [];
    for (const candidate of candidates) {
      let rules = rulesOf.get(candidate.brand);
      if (!rules) {
        rules = await readBookingRules(database, candidate.brand);
        rulesOf.set(candidate.brand, rules);
      }
      if (!stillBooked(candidate) || rowHoldsUnit(candidate, rules, Date.now())) continue;
      const heldRules = rules;
      // One short transaction each, on the locked row: a payment call on the same reservation runs before or after it,
      // and a payment it records (pending or better) keeps the reservation.
      const released = await writer.transaction(async (trx) => {
        if (!(await writer.lockReservation(trx, Number(candidate.id)))) return false;
        const [row] = (await new ItemsService('reservations', { knex: trx, schema: req.schema })
          .readByQuery({ filter: { id: { _eq: candidate.id } }, fields: FIELDS, limit: 1 })) as HoldCandidate[];
        if (!row || row.status !== 'unpaid' || row.reservation_type !== 'prepaid' || !stillBooked(row) || rowHoldsUnit(row, heldRules, Date.now())) return false;
        if (await trx('payments').select('id').where({ reservation: candidate.id }).whereIn('status', LIVE_PAYMENT_STATUSES).first()) return false;
        await new ItemsService('reservations', { knex: trx, schema: req.schema, accountability: withEndpointRights(req.accountability) })
          .updateOne(candidate.id, { status: 'cancelled', cancelled_at: new Date().toISOString() });
        return true;
      });
      if (released) expired.push({ id: references.sign('reservation', candidate.id), reservation_number: candidate.reservation_number });
    }
    return res.status(200).json({ data: { expired } });
  }));
}
