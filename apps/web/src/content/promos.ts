import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import type { Brand } from '@rentacar/domain/brands';
import { normalizeCouponCode } from '@rentacar/domain/coupons';
import { assetUrl, contentRequest } from './client';
import { cachedContentRead } from './cache';
import { fileField, localize, optionalText, translationRow, type Localized } from './fields';

const promoSchema = z.object({
  id: z.union([z.number(), z.string()]),
  slug: z.string(),
  coupon_code: z.string().nullish(),
  valid_from: z.string().nullish(),
  valid_until: z.string().nullish(),
  brands: z.array(z.string()).nullish().catch([]),
  image: fileField,
  translations: z.array(translationRow({ title: optionalText, description: optionalText, terms: optionalText })).nullish(),
});

export type Promo = {
  id: string;
  slug: string;
  couponCode: string | undefined;
  validFrom: string | undefined;
  validUntil: string | undefined;
  imageUrl: string | undefined;
  text: Localized<{ title: string; description: string; terms: string }>;
};

async function fetchPromos(brand: Brand): Promise<Promo[]> {
  const rows = await contentRequest(
    'GET /items/promos',
    readItems('promos', { filter: { status: { _eq: 'published' } }, fields: ['*', 'translations.*'], sort: ['sort', 'valid_until'], limit: -1 }),
  );
  return rows.flatMap((row) => {
    const raw = promoSchema.parse(row);
    const brands = raw.brands ?? [];
    if (brands.length > 0 && !brands.includes(brand)) return [];
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
      },
    ];
  });
}

const cachedPromos = cachedContentRead(fetchPromos, 'promos');

/** The brand's published promotions (those without a brand list apply to every brand), whatever their dates. */
export async function getPublishedPromos(brand: Brand): Promise<Promo[]> {
  return cachedPromos(brand);
}
