// What the counter endpoints accept (docs/counter.md): one zod schema per action, strict (an unknown field is refused),
// and the refusal as the booking API words it (400 INVALID_PAYLOAD naming the field).
import { COLLECT_METHODS, DEPOSIT_METHODS, FUEL_EIGHTHS_MAX, MAX_DEPOSIT_CENTS } from '@rentacar/domain/rentals';
import { z } from 'zod';
import type { Problem } from '../../shared/endpoint';

/** Highest odometer reading accepted, in km: far above any car's life, low enough to catch a typo of extra digits. */
export const MAX_MILEAGE = 2_000_000;
/** Photos per pickup or return. */
export const MAX_PHOTOS = 20;
/** Highest damage amount entered at the counter, in cents (US$100,000.00); more goes through the brand's claims. */
export const MAX_DAMAGE_CENTS = 10_000_000;

const mileage = z.number().int().min(0).max(MAX_MILEAGE);
const fuelEighths = z.number().int().min(0).max(FUEL_EIGHTHS_MAX);
const notes = z.string().trim().max(2000);
const photos = z.array(z.uuid()).max(MAX_PHOTOS);

/** A deposit taken at the counter, in cents (at most US$10,000.00), with how it was taken; both or neither. */
const depositAmount = z.number().int().min(1).max(MAX_DEPOSIT_CENTS);

export const pickupInput = z
  .strictObject({
    mileage,
    fuel_eighths: fuelEighths,
    notes: notes.optional(),
    photos: photos.optional(),
    deposit_amount: depositAmount.optional(),
    deposit_method: z.enum(DEPOSIT_METHODS).optional(),
  })
  .refine((input) => (input.deposit_amount === undefined) === (input.deposit_method === undefined), {
    message: 'A deposit needs both "deposit_amount" (cents) and "deposit_method" (cash or card_terminal)',
    path: ['deposit_method'],
  });
export const returnInput = z.strictObject({
  mileage,
  fuel_eighths: fuelEighths,
  damage_notes: notes.optional(),
  damage_amount: z.number().int().min(0).max(MAX_DAMAGE_CENTS).optional(),
  photos: photos.optional(),
  /** Cents of the deposit kept towards the charges; the rest is given back (the domain's `checkDepositKept`). */
  deposit_kept_amount: z.number().int().min(0).max(MAX_DEPOSIT_CENTS).optional(),
});
export const noShowInput = z.strictObject({ notes: notes.optional() });
/** The way the return's charges are being collected (`POST`/`DELETE /counter/reservations/:number/collection`). */
export const collectionInput = z.strictObject({ method: z.enum(COLLECT_METHODS) });

export type PickupInput = z.infer<typeof pickupInput>;
export type ReturnInput = z.infer<typeof returnInput>;
export type NoShowInput = z.infer<typeof noShowInput>;

/** The body parsed by `schema`, or the first problem (the field it concerns, null for the body as a whole). */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): { value: T } | { problem: Problem } {
  const result = schema.safeParse(body ?? {});
  if (result.success) return { value: result.data };
  const issue = result.error.issues[0];
  if (issue === undefined) return { problem: { field: null, message: 'Invalid body' } };
  const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const field = unknownKey ?? (issue.path.length > 0 ? issue.path.map(String).join('.') : null);
  const message = unknownKey === undefined ? `${field ?? 'body'}: ${issue.message}` : `"${unknownKey}" is not accepted here`;
  return { problem: { field, message } };
}
