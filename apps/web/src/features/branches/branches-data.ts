import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import { contentRequest } from '@/features/content/content-client';
import { cachedContentRead } from '@/features/content/content-cache';
import { localize, optionalText, translationRow, type Localized } from '@/features/content/translations';

const hoursSchema = z.array(z.object({ days: z.array(z.number().int().min(0).max(6)), open: z.string(), close: z.string() }));

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
  opening_hours: hoursSchema.nullish().catch([]),
  translations: z.array(translationRow({ directions: optionalText })).nullish(),
});

export type OpeningHours = z.infer<typeof hoursSchema>;

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
      airportFeePercent: toNumber(raw.airport_fee_percent) ?? 0,
      openingHours: raw.opening_hours ?? [],
      directions: localize(raw.translations, (translation) => translation.directions, ''),
    };
  });
}

const cachedBranches = cachedContentRead(fetchBranches, 'branches', ['branches']);

export async function getBranches(): Promise<Branch[]> {
  return cachedBranches();
}
