export { PRECHECKIN_PATHS } from '@/lib/public-urls';

/**
 * The pages of the pre-check-in that must not be opened directly, in the order the flow reaches them. The flow-step
 * cookie names the furthest one the renter reached, so a page is open once the renter got to it or past it (the back
 * button from the thanks page to the payment still works; typing the address of a later page does not).
 */
export const DIRECT_ACCESS_ORDER = ['precheckin-checkout', 'precheckin-thanks'] as const;
