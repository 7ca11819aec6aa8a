// A reservation's sales channel (`channel`: web, corporate, api), recorded once when it is created
// (docs/content-model.md, "Booking endpoint"): POST /booking/reservations decides it from what it is given (a company
// or an agent: corporate; else the storefront's `booked_via`, its pages or its public API), and a reservation written
// any other way (staff in the admin) gets it from the hook below, by the domain's fallback on the key. Rows older than
// the field are filled at start (`backfillChannels`). The rule is the domain's `bookingChannel`.
import { bookingChannel, type BookingChannel, type StorefrontChannel } from '@rentacar/domain/reservations';
import type { Knex } from '../../shared/directus';

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

/** The channel of a reservation about to be created (its payload, or a stored row), with what the storefront said. */
export function channelOf(row: Record<string, unknown>, bookedVia?: StorefrontChannel): BookingChannel {
  return bookingChannel({ corporate: isSet(row.corporate_account) || isSet(row.agent), bookedVia, idempotencyKey: row.idempotency_key });
}

const CHUNK = 500;

/** Gives every reservation without a channel the one its fields tell (rows older than the field); how many it set. */
export async function backfillChannels(db: Knex): Promise<number> {
  const rows = (await db('reservations').select('id', 'agent', 'corporate_account', 'idempotency_key').whereNull('channel')) as Record<string, unknown>[];
  const byChannel = new Map<BookingChannel, number[]>();
  for (const row of rows) {
    const channel = channelOf(row);
    byChannel.set(channel, [...(byChannel.get(channel) ?? []), Number(row.id)]);
  }
  for (const [channel, ids] of byChannel) {
    for (let start = 0; start < ids.length; start += CHUNK) {
      await db('reservations').whereIn('id', ids.slice(start, start + CHUNK)).whereNull('channel').update({ channel });
    }
  }
  return rows.length;
}
