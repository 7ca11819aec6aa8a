import 'server-only';
import { CURRENCY } from '@rentacar/domain/money';
import { savedLineIn } from '@rentacar/domain/quote';
import type { SavedReservation } from '@/content';

/** A saved reservation for its renter (their licence and birthday are not repeated back). */
export function reservationBody(reservation: SavedReservation) {
  const { totals } = reservation;
  return {
    reservation_id: reservation.id,
    reservation_number: reservation.number,
    status: reservation.status,
    rental_status: reservation.rentalStatus,
    reservation_type: reservation.reservationType,
    payment_type: reservation.paymentType,
    car_id: reservation.carId,
    pickup_location: reservation.pickupBranchId,
    return_location: reservation.returnBranchId,
    pickup_date: reservation.pickupAt,
    return_date: reservation.returnAt,
    days: reservation.days,
    coverage_id: reservation.coverageId,
    era: reservation.era,
    delivery_option_id: reservation.deliveryOptionId ?? null,
    flight_number: reservation.flightNumber ?? null,
    extras: reservation.extras,
    coupon: reservation.couponCode ?? null,
    client: {
      name: reservation.client.firstName,
      last_name: reservation.client.lastName,
      email: reservation.client.email,
      phone_number: reservation.client.phone,
    },
    totals: {
      subtotal: totals.subtotal,
      airportTax: totals.airportTax,
      tax: totals.tax,
      dropoff: totals.dropoff,
      era: totals.era,
      total: totals.total,
      carTotal: totals.carTotal,
    },
    coverage_total: totals.coverage,
    extras_total: totals.extras,
    coupon_discount: totals.couponDiscount,
    currency: CURRENCY,
    // In the booking's language, as it was saved (the other languages' labels are the counter's).
    lines: reservation.lines.map((line) => savedLineIn(line, reservation.locale)),
  };
}
