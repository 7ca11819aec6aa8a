import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import type { Brand } from '@rentacar/domain/brands';
import { normalizeCouponCode } from '@rentacar/domain/coupons';
import { seasonAppliesToBrand } from '@rentacar/domain/rates';
import { assetUrl, contentRequest } from './client';
import { cachedContentRead } from './cache';
import { fileField, localize, optionalText, translationRow, type Localized } from './fields';

// A brand or class list as staff leave it: a JSON list of strings, or empty (null) for all.
const nameList = z.array(z.string()).nullish().transform((list) => list ?? []);
// Directus answers a float as a number; a decimal typed as text is read too.
const percent = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);

/**
 * The linked rate season as the storefront's token reads it: Directus answers null for a season the token may not read
 * (a draft), and the status is checked here too. A season that does not read as one (a missing date) is no season:
 * the promotion is still shown, without it.
 */
const linkedSeasonSchema = z
  .object({
    status: z.string(),
    starts: z.string(),
    ends: z.string(),
    adjustment_percent: percent,
    brands: nameList,
    car_classes: nameList,
  })
  .nullish()
  .catch(null);

const promoSchema = z.object({
  id: z.union([z.number(), z.string()]),
  slug: z.string(),
  coupon_code: z.string().nullish(),
  valid_from: z.string().nullish(),
  valid_until: z.string().nullish(),
  brands: z.array(z.string()).nullish().catch([]),
  image: fileField,
  translations: z.array(translationRow({ title: optionalText, description: optionalText, terms: optionalText })).nullish(),
  season: linkedSeasonSchema,
});

/** The season a promotion tells about: its Panama days (both included), its signed change of the daily price, and the
 * ACRISS classes it prices (empty = every class). */
export type PromoSeason = { starts: string; ends: string; adjustmentPercent: number; carClasses: string[] };

export type Promo = {
  id: string;
  slug: string;
  couponCode: string | undefined;
  validFrom: string | undefined;
  validUntil: string | undefined;
  imageUrl: string | undefined;
  text: Localized<{ title: string; description: string; terms: string }>;
  /** The linked season, only when it is published and moves prices at this brand. */
  season?: PromoSeason;
};

/** The linked season of a promotion as the brand's renters are told it, or undefined (none, a draft, another brand's). */
function promoSeason(raw: z.infer<typeof linkedSeasonSchema>, brand: Brand): PromoSeason | undefined {
  if (!raw || raw.status !== 'published') return undefined;
  const season = {
    starts: raw.starts.slice(0, 10),
    ends: raw.ends.slice(0, 10),
    adjustmentPercent: raw.adjustment_percent,
    brands: raw.brands,
    carClasses: raw.car_classes,
  };
  if (!seasonAppliesToBrand(season, brand)) return undefined;
  return { starts: season.starts, ends: season.ends, adjustmentPercent: season.adjustmentPercent, carClasses: season.carClasses };
}

/** The season's fields a promotion reads through its `season` link. */
const SEASON_FIELDS = ['season.status', 'season.starts', 'season.ends', 'season.adjustment_percent', 'season.brands', 'season.car_classes'];

async function fetchPromos(brand: Brand): Promise<Promo[]> {
  const rows = await contentRequest(
    'GET /items/promos',
    readItems('promos', { filter: { status: { _eq: 'published' } }, fields: ['*', 'translations.*', ...SEASON_FIELDS], sort: ['sort', 'valid_until'], limit: -1 }),
  );
  return rows.flatMap((row) => {
    const raw = promoSchema.parse(row);
    const brands = raw.brands ?? [];
    if (brands.length > 0 && !brands.includes(brand)) return [];
    const season = promoSeason(raw.season, brand);
    return [
      {
        id: String(raw.id),
        slug: raw.slug,
        // Coupons are stored upper case and matched case-insensitively: what staff typed here is shown and sent as such.
        couponCode: raw.coupon_code?.trim() ? normalizeCouponCode(raw.coupon_code) : undefined,
        validFrom: raw.valid_from ?? undefined,
        validUntil: raw.valid_until ?? undefined,
        imageUrl: assetUrl(raw.image),
        text: localize(raw.translations, (t) => ({ title: t.title, description: t.description, terms: t.terms }), {
          title: '',
          description: '',
          terms: '',
        }),
        ...(season ? { season } : {}),
      },
    ];
  });
}

// A new key for the shape with `season`: entries an older build cached are never read.
const cachedPromos = cachedContentRead(fetchPromos, 'promos', 'promos-with-season');

/**
 * The brand's published promotions (those without a brand list apply to every brand), whatever their dates, each with
 * its linked season when that is published and for this brand.
 */
export async function getPublishedPromos(brand: Brand): Promise<Promo[]> {
  return cachedPromos(brand);
}
