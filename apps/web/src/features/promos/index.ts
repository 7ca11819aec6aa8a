export { PromoCard } from './promo-card';
export { rememberedPromoCode } from './promo-code';
export { getPromos } from './promos';
