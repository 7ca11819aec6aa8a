import { z } from 'zod';
import { parsePanamaTimestamp } from '../dates';
import type { Cents } from '../money';
import { FUEL_EIGHTHS_MAX, rentalStatusOf, type RentalStatus } from './lifecycle';
import { DEPOSIT_METHODS, MAX_DEPOSIT_CENTS } from './settlement';
import { plateText } from '../vehicles/counter';
import { isPanamaPlate, normalizePlate } from '../vehicles/identity';

/**
 * The counter's actions on a booking (docs/counter.md), each described once in `COUNTER_ACTIONS` below: where it
 * happens, when it is allowed and the rental status it leads to, the body the storefront's and the content service's
 * APIs take, and the form staff fill in. Everything else follows the registry: the content service's route and its
 * checks (services/content/extensions/counter, whose `writes.ts` says which fields each action sets), the storefront's
 * API route and server action, what the counter page offers, and the test that walks it. Adding one:
 * docs/architecture.md, "Adding a counter action".
 */

/** Why an action is refused in the reservation's present state (the counter API answers 409 with the code). */
export const RENTAL_REFUSALS = [
  'reservation_cancelled',
  'already_picked_up',
  'already_returned',
  'marked_no_show',
  'not_picked_up',
  'pickup_time_not_reached',
] as const;
export type RentalRefusal = (typeof RENTAL_REFUSALS)[number];

/** Each refusal as the content service words it (its 409's message); the storefront says it in the caller's language. */
export const RENTAL_REFUSAL_MESSAGES: Record<RentalRefusal, string> = {
  reservation_cancelled: 'The reservation is cancelled',
  already_picked_up: 'The car was already handed over',
  already_returned: 'The car was already returned',
  marked_no_show: 'The reservation was marked as a no-show',
  not_picked_up: 'The car has not been handed over yet',
  pickup_time_not_reached: 'The pickup time has not come yet',
};

export interface RentalState {
  /** The payment status (`unpaid`, `paid`, `cancelled`); only `cancelled` matters here. */
  status: string | null | undefined;
  rentalStatus: unknown;
  /** The booked pickup, a Panama wall-clock `YYYY-MM-DDTHH:mm[:ss]` as stored. */
  pickupDate: string;
}

export type RentalDecision = { allowed: true; next: RentalStatus } | { allowed: false; reason: RentalRefusal };

/** A booking the counter may still act on (neither returned nor a no-show: those accept nothing more), as a rule reads it. */
export interface OpenRental {
  rentalStatus: Exclude<RentalStatus, 'returned' | 'no_show'>;
  /** Its payment was cancelled. */
  cancelled: boolean;
  /** The booked pickup, Panama wall-clock as stored. */
  pickupDate: string;
}

const allowed = (next: RentalStatus): RentalDecision => ({ allowed: true, next });
const refused = (reason: RentalRefusal): RentalDecision => ({ allowed: false, reason });

// Limits of what staff enter, in the units they type: mileage in whole km, fuel in eighths, amounts in US dollars with
// at most two decimals (the storefront turns them into cents; the APIs take cents).

/** Highest odometer reading accepted, in km: far above any car's life, low enough to catch a typo of extra digits. */
export const MAX_MILEAGE_KM = 2_000_000;
/** Highest damage amount entered at the counter, in cents (US$100,000.00); more goes through the brand's claims. */
export const MAX_DAMAGE_CENTS = 10_000_000;
/** Photos per pickup or return. */
export const MAX_COUNTER_PHOTOS = 20;
/** A photo of the car, as a phone or tablet camera takes it: JPEG or PNG (told by its first bytes), 10 MB at most. */
export const COUNTER_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const MAX_COUNTER_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_COUNTER_NOTES = 2000;

/** Dollars as typed ("25", "25.5", "25.50", "1,250.00"): cents, or null when it is not an amount. Empty = 0. */
export function dollarsToCents(text: string): Cents | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return 0;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

// The bodies' fields (the APIs: numbers, cents, file ids), strict: an unknown field is refused.
const mileageKm = z.number().int().min(0).max(MAX_MILEAGE_KM);
const fuelEighths = z.number().int().min(0).max(FUEL_EIGHTHS_MAX);
const notesText = z.string().trim().max(MAX_COUNTER_NOTES);
const photoIds = z.array(z.uuid()).max(MAX_COUNTER_PHOTOS);
/** A deposit taken at the counter, in cents (at most US$10,000.00), with how it was taken; both or neither. */
const depositCents = z.number().int().min(1).max(MAX_DEPOSIT_CENTS);

// The forms' fields, as typed (text); their issues are the storefront's catalogue keys (`counterActions.errors.*`), as
// the validation schemas' are.
const mileageField = z
  .string()
  .trim()
  .min(1, 'counterActions.errors.mileageRequired')
  .refine((value) => /^\d{1,7}$/.test(value) && Number(value) <= MAX_MILEAGE_KM, 'counterActions.errors.mileageInvalid');
const fuelField = z.string().refine((value) => /^\d$/.test(value) && Number(value) <= FUEL_EIGHTHS_MAX, 'counterActions.errors.fuelRequired');
const notesField = z.string().max(MAX_COUNTER_NOTES, 'counterActions.errors.notesTooLong');
/** The plate of the car handed over, as typed or scanned; empty when the booking has no unit to check it against. */
const plateField = z.string().refine((value) => value.trim() === '' || isPanamaPlate(normalizePlate(value)), 'counterActions.errors.plateInvalid');
const dollarsField = (maxCents: number) =>
  z
    .string()
    .refine((value) => dollarsToCents(value) !== null, 'counterActions.errors.amountInvalid')
    .refine((value) => (dollarsToCents(value) ?? 0) <= maxCents, 'counterActions.errors.amountTooHigh');

/** Neither handed over nor cancelled: what a pickup and a no-show need. */
function stillToHandOver(rental: OpenRental): RentalRefusal | undefined {
  if (rental.rentalStatus === 'picked_up') return 'already_picked_up';
  if (rental.cancelled) return 'reservation_cancelled';
  return undefined;
}

// Pickup: hand the car over.

/** The pickup body: mileage, fuel, notes, photos, and a deposit taken at the counter (cents, with its method) or none. */
export const pickupInput = z
  .strictObject({
    mileage: mileageKm,
    fuel_eighths: fuelEighths,
    /** The plate of the car handed over, checked against the booking's unit. */
    plate: plateText.optional(),
    notes: notesText.optional(),
    photos: photoIds.optional(),
    deposit_amount: depositCents.optional(),
    deposit_method: z.enum(DEPOSIT_METHODS).optional(),
  })
  .refine((input) => (input.deposit_amount === undefined) === (input.deposit_method === undefined), {
    message: 'A deposit needs both "deposit_amount" (cents) and "deposit_method" (cash or card_terminal)',
    path: ['deposit_method'],
  });
export type PickupInput = z.infer<typeof pickupInput>;

/** The pickup form as typed: mileage, fuel (eighths, a choice), notes, and an optional deposit taken at the counter. */
export const pickupFormSchema = z
  .object({
    plate: plateField,
    mileage: mileageField,
    fuelEighths: fuelField,
    notes: notesField,
    depositAmount: dollarsField(MAX_DEPOSIT_CENTS),
    depositMethod: z.union([z.enum(DEPOSIT_METHODS), z.literal('')]),
  })
  .refine((form) => (dollarsToCents(form.depositAmount) ?? 0) === 0 || form.depositMethod !== '', { message: 'counterActions.errors.depositMethodRequired', path: ['depositMethod'] });
export type PickupForm = z.infer<typeof pickupFormSchema>;

/** The pickup body of the storefront and content-service APIs (amounts in cents). */
export function pickupBodyOf(form: PickupForm, photos: readonly string[] = []): PickupInput {
  const deposit = dollarsToCents(form.depositAmount) ?? 0;
  return {
    ...(form.plate.trim() ? { plate: normalizePlate(form.plate) } : {}),
    mileage: Number(form.mileage),
    fuel_eighths: Number(form.fuelEighths),
    ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    ...(photos.length ? { photos: [...photos] } : {}),
    ...(deposit > 0 && form.depositMethod !== '' ? { deposit_amount: deposit, deposit_method: form.depositMethod } : {}),
  };
}

// Return: take the car back (its extra charges are computed where it is recorded: `returnCharges`, `checkDepositKept`).

export const returnInput = z.strictObject({
  mileage: mileageKm,
  fuel_eighths: fuelEighths,
  damage_notes: notesText.optional(),
  damage_amount: z.number().int().min(0).max(MAX_DAMAGE_CENTS).optional(),
  photos: photoIds.optional(),
  /** Cents of the deposit kept towards the charges; the rest is given back (`checkDepositKept`). */
  deposit_kept_amount: z.number().int().min(0).max(MAX_DEPOSIT_CENTS).optional(),
});
export type ReturnInput = z.infer<typeof returnInput>;

/** The return form as typed: mileage, fuel, damage notes and amount (dollars), what to keep of the deposit (dollars). */
export const returnFormSchema = z.object({
  mileage: mileageField,
  fuelEighths: fuelField,
  damageNotes: notesField,
  damageAmount: dollarsField(MAX_DAMAGE_CENTS),
  depositKept: dollarsField(MAX_DEPOSIT_CENTS),
});
export type ReturnForm = z.infer<typeof returnFormSchema>;

/** The return body of the storefront and content-service APIs (amounts in cents). */
export function returnBodyOf(form: ReturnForm, photos: readonly string[] = []): ReturnInput {
  const damage = dollarsToCents(form.damageAmount) ?? 0;
  const kept = dollarsToCents(form.depositKept) ?? 0;
  return {
    mileage: Number(form.mileage),
    fuel_eighths: Number(form.fuelEighths),
    ...(form.damageNotes.trim() ? { damage_notes: form.damageNotes.trim() } : {}),
    ...(damage > 0 ? { damage_amount: damage } : {}),
    ...(kept > 0 ? { deposit_kept_amount: kept } : {}),
    ...(photos.length ? { photos: [...photos] } : {}),
  };
}

// No-show: the renter never came (a confirmation, no form).

export const noShowInput = z.strictObject({ notes: notesText.optional() });
export type NoShowInput = z.infer<typeof noShowInput>;

/** The form of an action, as staff type it (text); null for an action staff only confirm. */
export interface CounterActionForm<Form extends Record<string, string>, Body> {
  schema: z.ZodType<Form>;
  /** Its fields, each with the body field it becomes: a refusal that names the body's field is shown under the form's. */
  fields: { readonly [Field in keyof NoInfer<Form>]: string };
  /** Whether photos of the car go with it (`photos`: ids of files stored first, `POST /counter/photos`). */
  photos: boolean;
  /** The body of the APIs (amounts in cents) from the form as checked, and the stored photos' ids. */
  bodyOf(form: NoInfer<Form>, photos: readonly string[]): NoInfer<Body>;
  /** The form as staff would fill it in: the tests send it through every layer, and it shows a reader what is typed. */
  example: NoInfer<Form>;
}

/** One counter action, described once. */
export interface CounterActionDescription<Path extends string = string, Body = unknown, Form extends Record<string, string> = Record<string, string>> {
  /** Its address: `POST /counter/reservations/:number/{path}` (content service), `/api/counter/reservations/{number}/{path}` (storefront). */
  path: Path;
  /** Whose staff record it: the pickup branch's, or the return branch's (an administrator records it anywhere). */
  at: 'pickup' | 'return';
  /** When it is allowed, and the rental status it leads to (the same status when it changes only other fields). */
  decide(rental: OpenRental, now: Date): RentalDecision;
  /** The body the APIs take (amounts in cents), strict. */
  input: z.ZodType<Body>;
  form: CounterActionForm<Form, Body> | null;
}

/** An action with a form keeps its form's types (the storefront's form component reads them), one without says so. */
function described<const Path extends string, Body, Form extends Record<string, string>>(
  action: CounterActionDescription<Path, Body, Form> & { form: CounterActionForm<Form, Body> },
): typeof action;
function described<const Path extends string, Body>(action: CounterActionDescription<Path, Body> & { form: null }): typeof action;
function described(action: CounterActionDescription): CounterActionDescription {
  return action;
}

/**
 * The counter's actions, in the order the counter page offers them. The content service's order of events
 * (`decideRentalAction`) and the rules below it:
 *   - pickup: only a `booked` reservation whose payment is not cancelled; an early pickup (before the booked time) is
 *     allowed, the counter decides;
 *   - return: only a `picked_up` one (even if its payment was cancelled meanwhile: the car must still come back);
 *   - no_show: only a `booked`, not cancelled one, and only once its pickup time has passed (at that minute or later).
 */
export const COUNTER_ACTIONS = {
  pickup: described({
    path: 'pickup',
    at: 'pickup',
    decide: (rental) => {
      const refusal = stillToHandOver(rental);
      return refusal ? refused(refusal) : allowed('picked_up');
    },
    input: pickupInput,
    form: {
      schema: pickupFormSchema,
      fields: { plate: 'plate', mileage: 'mileage', fuelEighths: 'fuel_eighths', notes: 'notes', depositAmount: 'deposit_amount', depositMethod: 'deposit_method' },
      photos: true,
      bodyOf: pickupBodyOf,
      example: { plate: 'AB-1234', mileage: '12345', fuelEighths: '8', notes: 'Rayón en la puerta', depositAmount: '200', depositMethod: 'cash' },
    },
  }),
  return: described({
    path: 'return',
    at: 'return',
    decide: (rental) => (rental.rentalStatus === 'picked_up' ? allowed('returned') : refused('not_picked_up')),
    input: returnInput,
    form: {
      schema: returnFormSchema,
      fields: { mileage: 'mileage', fuelEighths: 'fuel_eighths', damageNotes: 'damage_notes', damageAmount: 'damage_amount', depositKept: 'deposit_kept_amount' },
      photos: true,
      bodyOf: returnBodyOf,
      example: { mileage: '12900', fuelEighths: '5', damageNotes: 'Abolladura', damageAmount: '250', depositKept: '' },
    },
  }),
  no_show: described({
    path: 'no-show',
    at: 'pickup',
    decide: (rental, now) => {
      const refusal = stillToHandOver(rental);
      if (refusal) return refused(refusal);
      const pickup = parsePanamaTimestamp(rental.pickupDate);
      if (pickup === null) throw new RangeError(`Invalid pickup date: ${rental.pickupDate}`);
      return now.getTime() < pickup.getTime() ? refused('pickup_time_not_reached') : allowed('no_show');
    },
    input: noShowInput,
    form: null,
  }),
};

export type RentalAction = keyof typeof COUNTER_ACTIONS;
export const RENTAL_ACTIONS = Object.keys(COUNTER_ACTIONS) as readonly RentalAction[];
/** The actions' addresses (`no-show` for `no_show`). */
export type CounterActionPath = (typeof COUNTER_ACTIONS)[RentalAction]['path'];
/** The body of `Action` as the APIs take it, once checked. */
export type CounterActionBody<Action extends RentalAction> = z.output<(typeof COUNTER_ACTIONS)[Action]['input']>;

export function isRentalAction(value: unknown): value is RentalAction {
  return typeof value === 'string' && Object.hasOwn(COUNTER_ACTIONS, value);
}

/** The action at this address (`no-show`), or undefined. */
export function rentalActionOfPath(path: string): RentalAction | undefined {
  return RENTAL_ACTIONS.find((action) => COUNTER_ACTIONS[action].path === path);
}

/** The description of `action`, as code that handles any action reads it. */
export function counterActionOf(action: RentalAction): CounterActionDescription {
  return COUNTER_ACTIONS[action];
}

/** An action's form before staff type anything: every field empty. */
export function blankCounterForm<Form extends Record<string, string>>(form: Pick<CounterActionForm<Form, unknown>, 'schema' | 'fields'>): Form {
  return Object.fromEntries(Object.keys(form.fields).map((field) => [field, ''])) as Form;
}

/**
 * Whether `action` may be recorded on a reservation in `state` at `now`, and the rental status it leads to: a
 * `returned` or `no_show` reservation accepts nothing more; otherwise the action's own rule (`COUNTER_ACTIONS`).
 */
export function decideRentalAction(action: RentalAction, state: RentalState, now: Date): RentalDecision {
  const current = rentalStatusOf(state.rentalStatus);
  if (current === 'returned') return refused('already_returned');
  if (current === 'no_show') return refused('marked_no_show');
  return COUNTER_ACTIONS[action].decide({ rentalStatus: current, cancelled: state.status === 'cancelled', pickupDate: state.pickupDate }, now);
}
