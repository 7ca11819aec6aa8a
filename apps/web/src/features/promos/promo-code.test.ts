import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Coupon } from '@rentacar/domain/coupons';
import type { CookieAttributes } from '@/lib/cookies';
import type * as BookingDraftModule from '@/features/booking/booking-draft';
import type { DraftData } from '@/features/booking';

// The coupon's trip from /promos into a booking: the button's action remembers a running promotion's code in a cookie,
// and startBooking puts it in the new draft, checked again on the way. Content, cookies and the draft store are
// stand-ins; the promotions' dates, the cookie module and the actions are the real ones.

vi.hoisted(() => {
  process.env.BRAND = 'firefly';
  process.env.SITE_URL = 'http://127.0.0.1:3000';
});

const contentRequest = vi.fn<() => Promise<unknown[]>>();
// The content service "down" cases log what failed; keep the test output quiet.
vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);
vi.mock('@/content/client', () => ({
  contentRequest: () => contentRequest(),
  assetUrl: () => undefined,
}));

const findCoupon = vi.fn<(code: string) => Promise<{ id: string; coupon: Coupon } | null>>();
vi.mock('@/content/coupons', () => ({ findCoupon: (code: string) => findCoupon(code) }));

type Stored = { value: string; attributes?: CookieAttributes };
const jar = new Map<string, Stored>();
const cookieJar = {
  get: (name: string) => jar.get(name),
  set: (name: string, value: string, attributes: CookieAttributes) => void jar.set(name, { value, attributes }),
};
vi.mock('next/headers', () => ({ cookies: () => Promise.resolve(cookieJar), headers: () => Promise.resolve(new Headers()) }));

/** Next's redirect ends the action by throwing; the test reads where it went. */
class Redirected extends Error {
  constructor(readonly to: string) {
    super(`redirect ${to}`);
  }
}
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Redirected(to);
  },
}));

vi.mock('@/content/app-data', () => ({
  loadAppData: () => Promise.resolve({ site: { brand: 'firefly' }, fleet: { cars: [{ id: '7', minimumDays: 1 }], failed: false } }),
}));
vi.mock('@/content/branches', () => ({ getBranches: () => Promise.resolve([{ id: '1', code: 'PTY' }]) }));

const drafts: DraftData[] = [];
vi.mock('@/features/booking/booking-draft', async (importOriginal) => ({
  ...(await importOriginal<typeof BookingDraftModule>()),
  createBookingDraft: (data: DraftData) => {
    drafts.push(data);
    return Promise.resolve({ id: 'draft-1', data });
  },
}));

const { rememberPromoCode, rememberedPromoCode } = await import('./promo-code');
const { bookWithPromoCode } = await import('./promo-actions');
const { startBooking } = await import('@/features/booking/booking-actions');
const { ContentServiceError } = await import('@/content');

function promo(id: number, slug: string, coupon: string | null, from: string, until: string, brands: string[] = []) {
  return { id, slug, coupon_code: coupon, valid_from: from, valid_until: until, brands, image: null, translations: [] };
}

// Running, expired, and another brand's promotion, whatever day the tests run: dates relative to today.
const DAY = 86_400_000;
const panamaDay = (offset: number) => new Date(Date.now() - 5 * 3_600_000 + offset * DAY).toISOString().slice(0, 10);
const PROMOS = [
  promo(1, 'en-linea', 'BIENVENIDO10', panamaDay(-30), panamaDay(300)),
  promo(2, 'pasada', 'PATRIAS10', panamaDay(-40), panamaDay(-10)),
  promo(3, 'hertz', 'HERTZVIP20', panamaDay(-30), panamaDay(300), ['hertz']),
  promo(4, 'minimo', 'VERANO25', panamaDay(-30), panamaDay(300)),
  promo(5, 'agotada', 'AGOTADO', panamaDay(-30), panamaDay(300)),
];

function coupon(code: string, overrides: Partial<Coupon> = {}): { id: string; coupon: Coupon } {
  return {
    id: code,
    coupon: { code, status: 'active', kind: 'percent', amount: 10, validFrom: null, validUntil: null, brands: [], minDays: 1, maxRedemptions: null, redemptionsCount: 0, ...overrides },
  };
}
const COUPONS: Record<string, { id: string; coupon: Coupon }> = {
  BIENVENIDO10: coupon('BIENVENIDO10'),
  PATRIAS10: coupon('PATRIAS10'),
  HERTZVIP20: coupon('HERTZVIP20'),
  VERANO25: coupon('VERANO25', { kind: 'fixed', amount: 2500, minDays: 30 }),
  AGOTADO: coupon('AGOTADO', { maxRedemptions: 5, redemptionsCount: 5 }),
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** Where an action sent the renter (every one of these ends with a redirect). */
async function redirectOf(action: Promise<unknown>): Promise<string> {
  try {
    await action;
  } catch (error) {
    if (error instanceof Redirected) return error.to;
    throw error;
  }
  return 'no redirect';
}


beforeEach(() => {
  jar.clear();
  drafts.length = 0;
  contentRequest.mockReset();
  contentRequest.mockResolvedValue(PROMOS);
  findCoupon.mockReset();
  findCoupon.mockImplementation((code) => Promise.resolve(COUPONS[code] ?? null));
});

describe('the "book with this code" button (bookWithPromoCode)', () => {
  it("remembers a running promotion's code in a short-lived http-only cookie and opens the fleet in the renter's language", async () => {
    expect(await redirectOf(bookWithPromoCode(form({ code: 'bienvenido10', locale: 'en' })))).toBe('/en/flota');
    expect(jar.get('promo_code')).toEqual({
      value: 'BIENVENIDO10',
      attributes: { maxAge: 3600, path: '/', sameSite: 'lax', httpOnly: true, secure: false },
    });
  });

  it.each([
    ["an expired promotion's code", 'PATRIAS10'],
    ["another brand's promotion's code", 'HERTZVIP20'],
    ['a code of no promotion', 'PRUEBA50'],
    ['no code', ''],
  ])('ignores %s, and still opens the fleet', async (_label, code) => {
    expect(await redirectOf(bookWithPromoCode(form({ code, locale: 'es' })))).toBe('/flota');
    expect(jar.has('promo_code')).toBe(false);
  });

  it('opens the fleet when called with anything but a form (anyone can call an action, with any arguments)', async () => {
    for (const forged of [null, {}, 'BIENVENIDO10', ['code', 'BIENVENIDO10'], 7]) {
      expect(await redirectOf(bookWithPromoCode(forged))).toBe('/flota');
    }
    expect(jar.has('promo_code')).toBe(false);
  });

  it('opens the Spanish fleet when the form names no language it knows', async () => {
    expect(await redirectOf(bookWithPromoCode(form({ code: '', locale: 'fr' })))).toBe('/flota');
    expect(await redirectOf(bookWithPromoCode(form({ code: '' })))).toBe('/flota');
  });

  it('opens the Spanish fleet when the language is missing or unknown', async () => {
    expect(await redirectOf(bookWithPromoCode(form({ code: 'BIENVENIDO10', locale: 'fr' })))).toBe('/flota');
    expect(await redirectOf(bookWithPromoCode(form({ code: 'BIENVENIDO10' })))).toBe('/flota');
  });

  it('opens the fleet without the code when the content service is down', async () => {
    contentRequest.mockRejectedValue(new ContentServiceError('down', 503, 'Service Unavailable', null));
    expect(await redirectOf(bookWithPromoCode(form({ code: 'BIENVENIDO10', locale: 'es' })))).toBe('/flota');
    expect(jar.has('promo_code')).toBe(false);
  });
});

describe('rememberPromoCode and rememberedPromoCode', () => {
  it('round-trip a running promotion code', async () => {
    expect(await rememberPromoCode(cookieJar, 'firefly', 'BIENVENIDO10')).toBe(true);
    expect(await rememberedPromoCode(cookieJar, 'firefly')).toBe('BIENVENIDO10');
  });

  it.each([
    ['a forged cookie of no promotion', 'PRUEBA50'],
    ["a forged cookie with an expired promotion's code", 'PATRIAS10'],
    ["another brand's code", 'HERTZVIP20'],
    ['a coupon nobody can use any more (used up): it would leave checkout stuck', 'AGOTADO'],
  ])('ignore %s', async (_label, value) => {
    jar.set('promo_code', { value });
    expect(await rememberedPromoCode(cookieJar, 'firefly')).toBeUndefined();
  });

  it('keep a code whose coupon needs more days: the dates are not chosen yet, and checkout says why', async () => {
    jar.set('promo_code', { value: 'VERANO25' });
    expect(await rememberedPromoCode(cookieJar, 'firefly')).toBe('VERANO25');
  });

  it('forget the code when the promotion ended after it was remembered', async () => {
    jar.set('promo_code', { value: 'BIENVENIDO10' });
    const afterTheEnd = new Date(Date.now() + 302 * DAY);
    expect(await rememberedPromoCode(cookieJar, 'firefly', afterTheEnd)).toBeUndefined();
  });
});

describe('startBooking carries the remembered code into the draft', () => {
  const reserve = () => redirectOf(startBooking(form({ car: '7', locale: 'es' })));

  it("makes a running promotion's code the draft's coupon", async () => {
    await redirectOf(bookWithPromoCode(form({ code: 'BIENVENIDO10', locale: 'es' })));
    expect(await reserve()).toBe('/reserva?paso=fechas');
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.couponCode).toBe('BIENVENIDO10');
  });

  it('starts without a coupon when nothing was remembered', async () => {
    expect(await reserve()).toBe('/reserva?paso=fechas');
    expect(drafts[0]?.couponCode).toBeUndefined();
  });

  it('ignores a tampered cookie', async () => {
    jar.set('promo_code', { value: 'PRUEBA50' });
    await reserve();
    expect(drafts[0]?.couponCode).toBeUndefined();
  });

  it('still starts the booking, without the code, when the coupon cannot be read', async () => {
    jar.set('promo_code', { value: 'BIENVENIDO10' });
    findCoupon.mockRejectedValue(new ContentServiceError('down', 503, 'Service Unavailable', null));
    expect(await reserve()).toBe('/reserva?paso=fechas');
    expect(drafts[0]?.couponCode).toBeUndefined();
  });

  it('sends a call without the form (no car) back to the fleet, starting nothing', async () => {
    for (const forged of [null, { car: '7' }, '7']) expect(await redirectOf(startBooking(forged))).toBe('/flota');
    expect(drafts).toHaveLength(0);
  });
});
