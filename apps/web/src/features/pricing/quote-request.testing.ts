/** A quote request as the booking API receives it (snake_case, a coupon with spaces around it), for request tests. */
export const sampleQuoteBody = {
  car_id: 7,
  pickup_location: 'PTY',
  return_location: '3',
  pickup_date: '2026-12-01T10:00',
  return_date: '2026-12-04T10:00',
  coverage_id: 1,
  era: true,
  reservation_type: 'prepaid',
  coupon: ' bienvenido10 ',
};
