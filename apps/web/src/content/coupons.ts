import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import { COUPON_KINDS, normalizeCouponCode, type Coupon } from '@rentacar/domain/coupons';
import { contentRequest } from './client';

/**
 * Coupons are private: read fresh (never cached, their redemption count moves) with the storefront's identity, which
 * sees active coupons only, and reshaped into the domain's Coupon.
 */
const couponSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  code: z.string(),
  status: z.enum(['active', 'inactive']),
  kind: z.enum(COUPON_KINDS),
  amount: z.number(),
  valid_from: z.string().nullish(),
  valid_until: z.string().nullish(),
  brands: z.array(z.string()).nullish(),
  min_days: z.number().int().nullish(),
  max_redemptions: z.number().int().nullish(),
  redemptions_count: z.number().int().nullish(),
});

export type StoredCoupon = { id: string; coupon: Coupon };

/** The coupon with this code (case-insensitive), or null when there is none the storefront may use. */
export async function findCoupon(code: string): Promise<StoredCoupon | null> {
  const normalized = normalizeCouponCode(code);
  if (normalized === '') return null;
  const rows = await contentRequest(
    'GET /items/coupons (by code)',
    readItems('coupons', { filter: { code: { _eq: normalized } }, fields: ['*'], limit: 1 }),
  );
  const parsed = couponSchema.safeParse(rows[0]);
  if (!parsed.success) return null;
  const raw = parsed.data;
  return {
    id: raw.id,
    coupon: {
      code: raw.code,
      status: raw.status,
      kind: raw.kind,
      amount: raw.amount,
      validFrom: raw.valid_from ?? null,
      validUntil: raw.valid_until ?? null,
      brands: raw.brands ?? null,
      minDays: raw.min_days ?? null,
      maxRedemptions: raw.max_redemptions ?? null,
      redemptionsCount: raw.redemptions_count ?? 0,
    },
  };
}
