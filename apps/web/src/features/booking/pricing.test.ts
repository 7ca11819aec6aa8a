import { describe, expect, it, vi } from 'vitest';
import type { BookingSelection } from './booking-request';
import { issue } from '@/lib/issues';
import type { PricedBooking, PricingResult } from './pricing';

vi.mock('@/content/app-data', () => ({ loadAppData: vi.fn() }));
vi.mock('@/content/branches', () => ({ getBranches: vi.fn() }));
vi.mock('@/content/booking-catalog', () => ({ getBookingCatalog: vi.fn() }));
vi.mock('@/content/coupons', () => ({ findCoupon: vi.fn() }));

const { priceDraftSelection } = await import('./pricing');

const selection: BookingSelection = {
  carId: '7',
  pickupBranch: '1',
  returnBranch: '1',
  pickupAt: '2027-03-10T10:00',
  returnAt: '2027-03-11T10:00',
  coverageId: '1',
  era: false,
  extras: [],
  deliveryOptionId: undefined,
  reservationType: 'postpaid',
  couponCode: 'VERANO25',
  birthday: undefined,
};

const priced = { ok: true, booking: {} as PricedBooking } as const;
const couponRefused: PricingResult = { ok: false, issues: [issue('coupon', 'booking.errors.couponBelowMinDays', { days: 3 }, 'coupon_below_min_days')] };

describe('priceDraftSelection', () => {
  it('prices without a coupon that no longer applies, and hands its reason back', async () => {
    const price = vi.fn((chosen: BookingSelection) => Promise.resolve(chosen.couponCode ? couponRefused : priced));
    const { result, refusedCoupon } = await priceDraftSelection(selection, price);
    expect(result).toBe(priced);
    expect(refusedCoupon).toMatchObject({ code: 'coupon_below_min_days', params: { days: 3 } });
    expect(price).toHaveBeenLastCalledWith(expect.objectContaining({ couponCode: undefined }));
  });

  it('keeps every other refusal as it is: a coupon never hides a problem of the booking itself', async () => {
    const soldOut: PricingResult = { ok: false, issues: [issue('car_id', 'booking.errors.soldOut'), ...(couponRefused.ok ? [] : couponRefused.issues)] };
    const price = vi.fn(() => Promise.resolve(soldOut));
    expect(await priceDraftSelection(selection, price)).toEqual({ result: soldOut, refusedCoupon: undefined });
    expect(price).toHaveBeenCalledTimes(1);
  });

  it('asks once when the coupon applies', async () => {
    const price = vi.fn(() => Promise.resolve(priced));
    expect(await priceDraftSelection(selection, price)).toEqual({ result: priced, refusedCoupon: undefined });
    expect(price).toHaveBeenCalledTimes(1);
  });
});
