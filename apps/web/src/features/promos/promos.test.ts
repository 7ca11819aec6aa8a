import { beforeEach, describe, expect, it, vi } from 'vitest';

const contentRequest = vi.fn<() => Promise<unknown[]>>();
vi.mock('@/content/client', () => ({
  contentRequest: () => contentRequest(),
  assetUrl: (id: string | null | undefined) => (id ? `/assets/${id}` : undefined),
}));

// The page lifetime is set through an unstable_cache read: record the lifetimes asked for.
const lifetimes: number[] = [];
vi.mock('next/cache', () => ({
  unstable_cache:
    <T extends (...args: never[]) => unknown>(read: T, _key: string[], options: { revalidate?: number } = {}) =>
    (...args: Parameters<T>) => {
      if (options.revalidate !== undefined && options.revalidate < 3600) lifetimes.push(options.revalidate);
      return read(...args);
    },
  revalidateTag: vi.fn(),
}));

const { getPromos, runningPromoCouponCode } = await import('./promos');

const panama = (local: string): Date => new Date(`${local}-05:00`);

function row(id: number, slug: string, fields: Record<string, unknown>) {
  return {
    id,
    slug,
    coupon_code: null,
    valid_from: null,
    valid_until: null,
    brands: [],
    image: null,
    translations: [{ languages_code: 'es-ES', title: slug, description: '', terms: '' }],
    ...fields,
  };
}

const ROWS = [
  row(1, 'fiestas-patrias', { coupon_code: 'PATRIAS10', valid_from: '2026-11-01', valid_until: '2026-11-10' }),
  row(2, 'black-friday', { valid_from: '2026-11-20', valid_until: '2026-12-01' }),
  row(3, 'navidad', { coupon_code: 'NAVIDAD12', valid_from: '2026-12-01', valid_until: '2027-01-06', brands: ['firefly', 'dollar'] }),
  row(4, 'en-linea', { coupon_code: ' bienvenido10 ', valid_from: '2026-01-01', valid_until: '2027-12-31' }),
  row(5, 'hertz-only', { coupon_code: 'HERTZVIP20', valid_from: '2026-10-01', valid_until: '2027-06-30', brands: ['hertz'] }),
];

beforeEach(() => {
  contentRequest.mockReset();
  contentRequest.mockResolvedValue(ROWS);
  lifetimes.length = 0;
});

describe('getPromos: the promotions on show', () => {
  it("lists the brand's running promotions only: no expired, not started or other brand's one", async () => {
    const promos = await getPromos('firefly', panama('2026-11-23T08:45'));
    expect(promos.map((promo) => promo.slug)).toEqual(['black-friday', 'en-linea']);
    expect(promos.find((promo) => promo.slug === 'en-linea')?.couponCode).toBe('BIENVENIDO10');
  });

  it('shows a promotion from the Panama midnight its first day starts', async () => {
    expect((await getPromos('firefly', panama('2026-11-30T23:59'))).map((promo) => promo.slug)).not.toContain('navidad');
    expect((await getPromos('firefly', panama('2026-12-01T00:00'))).map((promo) => promo.slug)).toContain('navidad');
  });

  it('ends the page lifetime at the next change when it comes within the hour, and leaves it alone otherwise', async () => {
    await getPromos('firefly', panama('2026-11-23T08:45'));
    expect(lifetimes).toEqual([]);
    await getPromos('firefly', panama('2026-11-30T23:30'));
    expect(lifetimes).toEqual([30 * 60]);
  });
});

describe('runningPromoCouponCode: only a running promotion of this brand carries its code', () => {
  const now = panama('2026-11-23T08:45');
  it.each<[string, string, string | undefined]>([
    ['a running promotion, typed in any case', 'Bienvenido10', 'BIENVENIDO10'],
    ["an expired promotion's coupon", 'PATRIAS10', undefined],
    ["a promotion's coupon before it starts", 'NAVIDAD12', undefined],
    ["another brand's promotion's coupon", 'HERTZVIP20', undefined],
    ['a code of no promotion', 'PRUEBA50', undefined],
    ['nothing', '   ', undefined],
  ])('%s', async (_label, code, expected) => {
    expect(await runningPromoCouponCode('firefly', code, now)).toBe(expected);
  });
});

describe('getPromos: a promotion linked to a season', () => {
  const season = (fields: Record<string, unknown>) => ({
    status: 'published',
    starts: '2031-09-01',
    ends: '2031-10-31',
    adjustment_percent: -10,
    brands: [],
    car_classes: null,
    ...fields,
  });
  const inSeason = panama('2031-09-15T10:00');
  const shown = async (linked: unknown, brand: 'firefly' | 'hertz' = 'firefly') => {
    contentRequest.mockResolvedValue([row(9, 'temporada-baja', { season: linked })]);
    return getPromos(brand, inSeason);
  };

  it('carries a published season of the brand, and runs over its days without dates of its own', async () => {
    expect((await shown(season({ car_classes: ['MDMR'] })))[0]?.season).toEqual({ starts: '2031-09-01', ends: '2031-10-31', adjustmentPercent: -10, carClasses: ['MDMR'] });
    expect((await shown(season({ brands: ['firefly'], adjustment_percent: '12.5' })))[0]?.season?.adjustmentPercent).toBe(12.5);
    contentRequest.mockResolvedValue([row(9, 'temporada-baja', { season: season({}) })]);
    expect(await getPromos('firefly', panama('2031-08-31T23:59'))).toEqual([]);
    expect(await getPromos('firefly', panama('2031-11-01T00:00'))).toEqual([]);
  });

  it('treats a draft season, another brand\'s, a malformed one or none as no season', async () => {
    for (const linked of [season({ status: 'draft' }), season({ brands: ['hertz'] }), season({ ends: '2031-08-01' }), season({ starts: null }), null, undefined]) {
      const promos = await shown(linked);
      // Without a season it has no dates: it runs always, and tells no season.
      expect(promos.map((promo) => promo.slug)).toEqual(['temporada-baja']);
      expect(promos[0]?.season).toBeUndefined();
    }
    expect((await shown(season({ brands: ['hertz'] }), 'hertz'))[0]?.season).toBeDefined();
  });
});
