import { describe, expect, it, vi } from 'vitest';
import type { RateSeason } from '@rentacar/domain/rates';
import type { DraftToPrice } from './draft-pricing';
import type * as Pricing from './pricing';
import type { PricingContent } from './pricing';
import { testPricingContent } from './pricing-content.testing';

// The checkout's price hold on a draft, priced from content held in memory: what staff publish is `seasons`.
let seasons: RateSeason[] = [];
const content = (): PricingContent => testPricingContent({ seasons });

vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);
vi.mock('@/features/accounts', () => ({ currentAgent: () => Promise.resolve(undefined) }));
vi.mock('./pricing', async (importOriginal) => ({ ...(await importOriginal<typeof Pricing>()), cachedPricingContent: () => Promise.resolve(content()) }));

const { priceDraft, priceDraftForCheckout } = await import('./draft-pricing');

// 3 days at 30.00 with basic cover at 10.00 a day, ITBMS 7 %: 120.00 + 8.40.
const BASE_TOTAL = 12840;
// The same with a season of +20 % on the car: 138.00 + 9.66.
const SEASON_TOTAL = 14766;
const verano: RateSeason = { name: 'Verano', starts: '2027-03-01', ends: '2027-03-31', adjustmentPercent: 20 };

const draft = (data: Partial<DraftToPrice['data']> = {}): DraftToPrice => ({
  data: {
    carId: '7', pickupBranch: '1', returnBranch: '1', pickupAt: '2027-03-10T10:00', returnAt: '2027-03-13T10:00',
    reservationType: 'postpaid', coverageId: '1', era: false, extras: [],
    ...data,
  },
});
const shownAt = new Date('2026-11-26T12:00:00-05:00');
const minutesLater = (minutes: number) => new Date(shownAt.getTime() + minutes * 60 * 1000);
const totalOf = (priced: Awaited<ReturnType<typeof priceDraft>>) => (priced.ok ? priced.booking.quote.total : undefined);

describe('the checkout’s price hold on a draft', () => {
  it('holds the total the checkout showed when staff add a season 29 minutes later, and reprices it with a notice at 31', async () => {
    seasons = [];
    const first = await priceDraftForCheckout(draft(), shownAt);
    expect(totalOf(first.priced)).toBe(BASE_TOTAL);
    expect(first.change).toBeNull();
    expect(first.hold?.heldAt).toBe(shownAt.toISOString());

    seasons = [verano];
    const held = draft({ priceHold: first.hold });
    const at29 = await priceDraftForCheckout(held, minutesLater(29));
    expect(totalOf(at29.priced)).toBe(BASE_TOTAL);
    expect(at29.change).toBeNull();
    expect(at29.hold).toBe(first.hold);
    // The confirmation and the payments price the draft the same way.
    expect(totalOf(await priceDraft(held, { now: minutesLater(29) }))).toBe(BASE_TOTAL);

    const at31 = await priceDraftForCheckout(held, minutesLater(31));
    expect(totalOf(at31.priced)).toBe(SEASON_TOTAL);
    expect(at31.change).toEqual({ before: BASE_TOTAL, after: SEASON_TOTAL });
    expect(at31.hold?.heldAt).toBe(minutesLater(31).toISOString());
    expect(totalOf(await priceDraft(held, { now: minutesLater(31) }))).toBe(SEASON_TOTAL);
  });

  it('tells no change when the hold ended but the rates price the booking the same', async () => {
    seasons = [];
    const first = await priceDraftForCheckout(draft(), shownAt);
    const later = await priceDraftForCheckout(draft({ priceHold: first.hold }), minutesLater(45));
    expect(later.change).toBeNull();
    expect(totalOf(later.priced)).toBe(BASE_TOTAL);
  });

  it('reprices the renter’s own choices at once while the rates are held', async () => {
    seasons = [];
    const first = await priceDraftForCheckout(draft(), shownAt);
    seasons = [verano];
    const withEra = await priceDraftForCheckout(draft({ priceHold: first.hold, era: true }), minutesLater(10));
    // ERA 3.99 a day for 3 days, with its ITBMS; the car still without the season.
    expect(totalOf(withEra.priced)).toBe(BASE_TOTAL + 1197 + 84);
    expect(withEra.change).toBeNull();
  });
});
