import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import { parseOpeningHours, type OpeningHours } from '@rentacar/domain/dates';
import { parsePercent } from '@rentacar/domain/money';
import { contentRequest } from './client';
import { cachedContentRead } from './cache';
import { localize, optionalText, translationRow, type Localized } from './fields';

const branchSchema = z.object({
  id: z.union([z.number(), z.string()]),
  code: z.string(),
  name: z.string(),
  city: z.string().nullish(),
  province: z.string().nullish(),
  address: z.string().nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
  latitude: z.union([z.number(), z.string()]).nullish(),
  longitude: z.union([z.number(), z.string()]).nullish(),
  is_airport: z.boolean().nullish(),
  airport_fee_percent: z.union([z.number(), z.string()]).nullish(),
  // Malformed hours show the branch as closed rather than failing the page.
  opening_hours: z.unknown().transform((value) => parseOpeningHours(value) ?? []),
  translations: z.array(translationRow({ directions: optionalText })).nullish(),
});

export type Branch = {
  id: string;
  code: string;
  name: string;
  city: string;
  province: string;
  address: string;
  phone: string | undefined;
  email: string | undefined;
  latitude: number | undefined;
  longitude: number | undefined;
  isAirport: boolean;
  airportFeePercent: number;
  openingHours: OpeningHours;
  directions: Localized<string>;
};

function toNumber(value: number | string | null | undefined): number | undefined {
  if (value == null || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

async function fetchBranches(): Promise<Branch[]> {
  const rows = await contentRequest(
    'GET /items/branches',
    readItems('branches', { filter: { status: { _eq: 'published' } }, fields: ['*', 'translations.*'], sort: ['sort', 'name'], limit: -1 }),
  );
  return rows.map((row) => {
    const raw = branchSchema.parse(row);
    return {
      id: String(raw.id),
      code: raw.code,
      name: raw.name,
      city: raw.city ?? '',
      province: raw.province ?? '',
      address: raw.address ?? '',
      phone: raw.phone ?? undefined,
      email: raw.email ?? undefined,
      latitude: toNumber(raw.latitude),
      longitude: toNumber(raw.longitude),
      isAirport: raw.is_airport ?? false,
      airportFeePercent: parsePercent(raw.airport_fee_percent) ?? 0,
      openingHours: raw.opening_hours,
      directions: localize(raw.translations, (translation) => translation.directions, ''),
    };
  });
}

const cachedBranches = cachedContentRead(fetchBranches, 'branches');

export async function getBranches(): Promise<Branch[]> {
  return cachedBranches();
}
