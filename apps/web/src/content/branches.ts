import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import { parseOpeningHours, type OpeningHours } from '@rentacar/domain/dates';
import { parsePercent } from '@rentacar/domain/money';
import { contentRequest } from './client';
import { cachedContentRead } from './cache';
import type { Locale } from '@/i18n/routing';
import { localize, optionalText, translationRow } from './fields';

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
  translations: z.array(translationRow({ name: optionalText, city: optionalText, address: optionalText, directions: optionalText })).nullish(),
});

/** A branch in one language: its name, city, address and directions as staff wrote them for that language. */
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
  directions: string;
};

function toNumber(value: number | string | null | undefined): number | undefined {
  if (value == null || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

type BranchText = Pick<Branch, 'name' | 'city' | 'address' | 'directions'>;
type BranchInEveryLanguage = Omit<Branch, keyof BranchText> & { text: Record<Locale, BranchText> };

async function fetchBranches(): Promise<BranchInEveryLanguage[]> {
  const rows = await contentRequest(
    'GET /items/branches',
    readItems('branches', { filter: { status: { _eq: 'published' } }, fields: ['*', 'translations.*'], sort: ['sort', 'name'], limit: -1 }),
  );
  return rows.map((row) => {
    const raw = branchSchema.parse(row);
    // The branch's own name, city and address are the Spanish ones: what a language shows where staff left its own empty.
    const spanish = { name: raw.name, city: raw.city ?? '', address: raw.address ?? '' };
    return {
      id: String(raw.id),
      code: raw.code,
      province: raw.province ?? '',
      phone: raw.phone ?? undefined,
      email: raw.email ?? undefined,
      latitude: toNumber(raw.latitude),
      longitude: toNumber(raw.longitude),
      isAirport: raw.is_airport ?? false,
      airportFeePercent: parsePercent(raw.airport_fee_percent) ?? 0,
      openingHours: raw.opening_hours,
      text: localize(
        raw.translations,
        (translation) => ({
          name: translation.name.trim() || spanish.name,
          city: translation.city.trim() || spanish.city,
          address: translation.address.trim() || spanish.address,
          directions: translation.directions,
        }),
        { ...spanish, directions: '' },
      ),
    };
  });
}

// The key names the cached shape: 'branches-in-every-language' since names and addresses joined the translations.
const cachedBranches = cachedContentRead(fetchBranches, 'branches', 'branches-in-every-language');

/** The published branches in `locale`: its name, city, address and directions, the Spanish ones where staff left it empty. */
export async function getBranches(locale: Locale): Promise<Branch[]> {
  const branches = await cachedBranches();
  return branches.map(({ text, ...branch }) => ({ ...branch, ...text[locale] }));
}
