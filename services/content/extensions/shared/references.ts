// References to renters' records that the content service hands out and only it can make: `<id>.<mac>`, the mac an
// HMAC-SHA256 of the kind and id under a key derived from the content service's SECRET, which the storefront never
// holds. The storefront's token reads no renter data at /items (schema/access.mjs); it reaches one reservation, its
// pre-check-in and payments, or one draft, only with a reference given to it earlier for that record (kept in the
// renter's cookie or draft) or by proving the reservation number with its e-mail. A leaked storefront environment
// therefore lists nothing and can guess nothing: reservation ids are sequential, their references are not.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from './directus';
import { positiveInt } from './endpoint';

export type ReferenceKind = 'reservation' | 'draft';

// 22 base64url characters: 132 bits of the mac.
const MAC_LENGTH = 22;
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

export interface References {
  /** The reference of record `id` of this kind. */
  sign(kind: ReferenceKind, id: string | number): string;
  /** The id a reference names, or null when it is malformed or was not made here (another key, another kind). */
  read(kind: ReferenceKind, reference: unknown): string | null;
  /**
   * The reservation id a reservation reference names (a path's `:ref`, a body's `reservation`), or null when it names
   * none: not a reference made here, or one whose id is no reservation id (a positive decimal integer).
   */
  readReservationId(reference: unknown): number | null;
}

export function createReferences(secret: string | undefined): References {
  if (!secret) throw new Error('SECRET is required to sign references to renters\' records');
  // A key of its own, so a reference can never be mistaken for anything else signed with SECRET (Directus' tokens).
  const key = createHmac('sha256', secret).update('rentacar record references v1').digest();
  const macOf = (kind: ReferenceKind, id: string) => createHmac('sha256', key).update(`${kind}:${id}`).digest('base64url').slice(0, MAC_LENGTH);
  const read = (kind: ReferenceKind, reference: unknown): string | null => {
    if (typeof reference !== 'string') return null;
    const dot = reference.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = reference.slice(0, dot);
    const mac = Buffer.from(reference.slice(dot + 1));
    if (!ID_PATTERN.test(id) || mac.length !== MAC_LENGTH) return null;
    return timingSafeEqual(mac, Buffer.from(macOf(kind, id))) ? id : null;
  };
  return {
    sign(kind, id) {
      const text = String(id);
      return `${text}.${macOf(kind, text)}`;
    },
    read,
    readReservationId: (reference) => positiveInt(read('reservation', reference)),
  };
}

/** The id of the reservation a reference names, when that reservation exists (a path's `:ref`): the number, or null. */
export async function existingReservationId(references: References, database: Knex, reference: unknown): Promise<number | null> {
  const id = references.readReservationId(reference);
  if (id === null) return null;
  const row = (await database('reservations').select('id').where({ id }).first()) as { id: number } | undefined;
  return row ? Number(row.id) : null;
}
