import { describe, expect, it } from 'vitest';
import { reservationChangeSchema, reservationRequestSchema } from './reservation-request';
import { sampleQuoteBody as quoteBody } from '../pricing/quote-request.testing';

describe('booking API reservation requests', () => {
  it('need the terms accepted to reserve', () => {
    const client = { name: 'Ana', last_name: 'Pérez', email: 'ana@example.com', license: 'L-1', birthday: '1990-01-01', phone_number: '+50761234567' };
    expect(reservationRequestSchema.safeParse({ ...quoteBody, client, terms_accepted: true }).success).toBe(true);
    const refused = reservationRequestSchema.safeParse({ ...quoteBody, client, terms_accepted: false });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['terms_accepted', 'terms_required']]);
  });

  it('read a change as the quote reads branches and dates, each one optional', () => {
    expect(reservationChangeSchema.parse({ email: ' ana@example.com ', pickup_location: 3, return_date: '2026-12-05T10:00', total: 1 })).toEqual({
      email: 'ana@example.com',
      pickup_location: '3',
      return_date: '2026-12-05T10:00',
    });
    expect(reservationChangeSchema.parse({ email: 'ana@example.com', preview: true })).toEqual({ email: 'ana@example.com', preview: true });
    expect(reservationChangeSchema.safeParse({ email: 'ana@example.com', pickup_location: '' }).success).toBe(false);
    expect(reservationChangeSchema.safeParse({ pickup_date: '2026-12-05T10:00' }).success).toBe(false);
  });
});
