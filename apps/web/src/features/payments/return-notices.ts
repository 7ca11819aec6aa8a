/** What a gateway's return (`?pago=` on the page the renter comes back to) tells the renter: a catalogue key. */
export const PAYMENT_RETURN_NOTICES: Readonly<Record<string, string>> = {
  cancelado: 'booking.payment.cancelled',
  error: 'booking.payment.returnError',
  pendiente: 'booking.payment.returnPending',
};
