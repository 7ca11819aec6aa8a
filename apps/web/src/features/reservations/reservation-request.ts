import { z } from 'zod';
import { FLIGHT_NUMBER_MAX_LENGTH } from '@rentacar/domain/flights';
import { quoteRequestSchema } from '@/features/pricing';

/**
 * The public booking API's reservation bodies (snake_case, docs/booking-api.md): a new reservation is the quote's
 * request with its renter and the terms accepted; a change names new branches or dates; a lookup, cancellation or
 * payment proves the renter with the e-mail the reservation was booked with. Unknown keys are dropped.
 */

export const clientRequestSchema = z.object({
  name: z.string({ error: 'required' }).max(200),
  last_name: z.string({ error: 'required' }).max(200),
  email: z.string({ error: 'required' }).max(300),
  license: z.string({ error: 'required' }).max(100),
  birthday: z.string({ error: 'required' }).max(32),
  phone_number: z.string({ error: 'required' }).max(64),
});

export const reservationRequestSchema = quoteRequestSchema.omit({ birthday: true }).extend({
  client: clientRequestSchema,
  // Checked against the delivery option when the booking is priced (reservations.ts, `flightNumberIssues`).
  flight_number: z.string().max(FLIGHT_NUMBER_MAX_LENGTH, { error: 'flight_number_invalid' }).nullish(),
  terms_accepted: z.literal(true, { error: 'terms_required' }),
});

export const reservationChangeSchema = quoteRequestSchema
  .pick({ pickup_location: true, return_location: true, pickup_date: true, return_date: true })
  .partial()
  .extend({
    email: z.string().trim().max(300),
    /** Only price the change, save nothing. */
    preview: z.boolean().optional(),
  });

export const reservationLookupSchema = z.object({ email: z.string().trim().min(1).max(300) });
