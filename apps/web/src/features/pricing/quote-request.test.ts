import { describe, expect, it } from 'vitest';
import { quoteRequestSchema, selectionFromQuoteRequest } from './quote-request';
import { sampleQuoteBody as quoteBody } from './quote-request.testing';

describe('booking API requests', () => {
  it('read a quote request into a selection and ignore any price or total sent along', () => {
    const parsed = quoteRequestSchema.parse({ ...quoteBody, total: 1, totals: { total: 1 }, car_daily_rate: 1 });
    expect(parsed).not.toHaveProperty('total');
    expect(parsed).not.toHaveProperty('totals');
    expect(selectionFromQuoteRequest(parsed)).toEqual({
      carId: '7',
      pickupBranch: 'PTY',
      returnBranch: '3',
      pickupAt: '2026-12-01T10:00',
      returnAt: '2026-12-04T10:00',
      coverageId: '1',
      era: true,
      extras: [],
      deliveryOptionId: undefined,
      reservationType: 'prepaid',
      couponCode: 'bienvenido10',
      birthday: undefined,
      driverAge: undefined,
    });
  });

  it('read the driver’s age a search asked, as a whole number, and refuse any other', () => {
    expect(selectionFromQuoteRequest(quoteRequestSchema.parse({ ...quoteBody, driver_age: 21 })).driverAge).toBe(21);
    expect(quoteRequestSchema.safeParse({ ...quoteBody, driver_age: '21' }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...quoteBody, driver_age: 21.5 }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...quoteBody, driver_age: 200 }).success).toBe(false);
  });

  it('default to paying at the counter, without ERA, extras or coupon', () => {
    const { era, reservation_type: _type, coupon: _coupon, ...minimal } = quoteBody;
    expect(era).toBe(true);
    const selection = selectionFromQuoteRequest(quoteRequestSchema.parse(minimal));
    expect(selection).toMatchObject({ era: false, reservationType: 'postpaid', couponCode: undefined, extras: [] });
  });

  it('refuse unknown reservation types, negative quantities and a missing car', () => {
    expect(quoteRequestSchema.safeParse({ ...quoteBody, reservation_type: 'free' }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...quoteBody, extras: [{ code: 'GPS', quantity: -1 }] }).success).toBe(false);
    const { car_id: _car, ...withoutCar } = quoteBody;
    const missing = quoteRequestSchema.safeParse(withoutCar);
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['car_id']);
  });
});
