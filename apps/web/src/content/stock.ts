import 'server-only';
import { customEndpoint } from '@directus/sdk';
import { revalidateTag } from 'next/cache';
import { z } from 'zod';
import type { StockForDates } from '@rentacar/domain/fleet';
import { contentRequest, endpointData } from './client';
import { cachedContentRead, collectionTag } from './cache';

/**
 * Inventory lives in the content service (`vehicles`, the units, and the reservations that hold them); reservations.ts
 * writes the reservations, and this reads how many units of each car model are left for a search.
 */

const RESERVATIONS_TAG = collectionTag('reservations');
/** Availability shown on the fleet may trail a booking made elsewhere by this long; the insert itself never does. */
const AVAILABILITY_MAX_AGE_SECONDS = 30;

const availabilitySchema = z.array(z.object({ car: z.union([z.number(), z.string()]).transform(String), units: z.number().int(), occupied: z.number().int() }));

async function fetchAvailability(branchId: string, returnBranchId: string, pickupAt: string, returnAt: string, brand: string): Promise<Record<string, StockForDates>> {
  const query = new URLSearchParams({ branch: branchId, return_branch: returnBranchId, pickup: pickupAt, return: returnAt, brand });
  const body = await contentRequest(
    `GET /booking/availability (branch ${branchId})`,
    customEndpoint<unknown>({ path: `/booking/availability?${query.toString()}`, method: 'GET' }),
  );
  const rows = availabilitySchema.parse(endpointData(body));
  return Object.fromEntries(rows.map((row) => [row.car, { units: row.units, occupied: row.occupied }]));
}

const cachedAvailability = cachedContentRead(fetchAvailability, 'availability', 'availability', AVAILABILITY_MAX_AGE_SECONDS);

export interface AvailabilitySearch {
  branchId: string;
  /** Where the rental ends: a one-way search counts only the units that may end there. */
  returnBranchId: string;
  /** Panama date-times. */
  pickupAt: string;
  returnAt: string;
  brand: string;
}

/** Units of every car model at the pickup branch for the search, and how many of them are taken. */
export async function availabilityAt({ branchId, returnBranchId, pickupAt, returnAt, brand }: AvailabilitySearch): Promise<Record<string, StockForDates>> {
  return cachedAvailability(branchId, returnBranchId, pickupAt, returnAt, brand);
}

/**
 * After this instance booked, changed or cancelled: the fleet's badges count it at once. Outside a request (payment
 * reconciliation in the background) Next cannot expire a tag; the availability's 30-second lifetime covers it then.
 */
export function stockChanged(): void {
  try {
    revalidateTag(RESERVATIONS_TAG, { expire: 0 });
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('static generation store missing'))) throw error;
  }
}
