import 'server-only';
import { CURRENCY } from '@rentacar/domain/money';
import type { Locale } from '@/i18n/routing';
import type { PricedBooking } from '../pricing';
import { labelledLines } from '../bill-lines';

/** The API's quote: integer cents, the reservation's `totals` names, and every line labelled in the caller's language. */
export function quoteBody(booking: PricedBooking, locale: Locale) {
  const { quote } = booking;
  return {
    days: quote.days,
    reservation_type: booking.selection.reservationType,
    totals: {
      subtotal: quote.subtotal,
      airportTax: quote.airportTax,
      tax: quote.tax,
      dropoff: quote.dropoff,
      era: quote.era,
      total: quote.total,
      carTotal: quote.carTotal,
    },
    car_daily_rate: quote.carDailyRate,
    coverage_total: quote.coverage,
    extras_total: quote.extras,
    young_driver_fee: quote.youngDriverFee,
    coupon_discount: quote.couponDiscount,
    coupon: booking.coupon?.code ?? null,
    delivery: { price: quote.delivery.price, description: booking.delivery?.description[locale] ?? '' },
    currency: CURRENCY,
    lines: labelledLines(booking, locale),
  };
}
