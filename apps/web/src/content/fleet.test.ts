import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from './site-config';

const contentRequest = vi.fn<() => Promise<unknown[]>>();
vi.mock('./client', () => ({
  contentRequest: () => contentRequest(),
  assetUrl: (id: string | null | undefined) => (id ? `/assets/${id}` : undefined),
}));

const { getFleet } = await import('./fleet');

const site: Pick<SiteConfig, 'brand' | 'allowedClasses' | 'reservationMinDays'> = { brand: 'firefly', allowedClasses: [], reservationMinDays: 3 };

function car(id: number, overrides: Record<string, unknown>) {
  return { id, status: 'available', marca: 'Kia', modelo: `Model ${id}`, tipo: 'sedan', image: null, discount: null, ...overrides };
}

describe('the fleet the storefront shows', () => {
  beforeEach(() => contentRequest.mockReset());

  it("lists only the cars the brand prices, cheapest first, with the brand's price", async () => {
    contentRequest.mockResolvedValue([
      car(1, { precio_firefly: 4500, precio_hertz: 1000 }),
      car(2, { precio_firefly: null, precio_hertz: 2000 }),
      car(3, { precio_firefly: 2599 }),
      car(4, { precio_firefly: 3000 }),
    ]);
    const { cars, failed } = await getFleet(site);
    expect(failed).toBe(false);
    expect(cars.map((shown) => [shown.id, shown.dailyRate])).toEqual([
      ['3', 2599],
      ['4', 3000],
      ['1', 4500],
    ]);
    expect(cars.every((shown) => shown.minimumDays === 3)).toBe(true);
  });

  it('takes the prepaid discount as Directus sends it, and ignores one outside 0–100', async () => {
    contentRequest.mockResolvedValue([
      car(1, { precio_firefly: 3000, discount: { id: 1, percentage: '10.00', charge_id: 'PP10' } }),
      car(2, { precio_firefly: 4000, discount: { id: 2, percentage: '150', charge_id: 'BAD' } }),
    ]);
    const { cars } = await getFleet(site);
    expect(cars.map((shown) => [shown.discountPercent, shown.prepaidDailyRate])).toEqual([
      [10, 2700],
      [0, 4000],
    ]);
  });
});
