/**
 * Promotions: running ones, their cards, and carrying a coupon code into a booking. Other code uses this feature
 * through this file only.
 */
export { PromoCard } from './promo-card';
export { rememberedPromoCode } from './promo-code';
export { getPromos } from './promos';
