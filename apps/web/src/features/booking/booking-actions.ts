'use server';

import { randomUUID } from 'node:crypto';
import { cookies, headers } from 'next/headers';
import { z } from 'zod';
import { addDaysToLocalDate, formatPanamaDate, parsePanamaDateTime } from '@rentacar/domain/dates';
import { checkFlightNumber, FLIGHT_NUMBER_MAX_LENGTH, FLIGHT_NUMBER_MESSAGES } from '@rentacar/domain/flights';
import { confirmsShownTotal } from '@rentacar/domain/rates';
import { ageOnDate, createClientFormSchema, normalizePhone } from '@rentacar/domain/validation';
import { driverAgeBands } from '@rentacar/domain/quote';
import { DEFAULT_LOCALE, type Locale, localeOrDefault } from '@/i18n/routing';
import { ContentServiceError, getBranches, hitRateLimit, loadAppData } from '@/content';
import { formFields, issuesByField, type FormIssue, type FormResult } from '@/shared/forms';
import { rememberedPromoCode } from '@/features/promos';
import { currentAgent } from '@/features/accounts';
import { createBookingDraft, readBookingDraft, saveBookingDraft, type BookingDraft, type BookingStep, type DraftData } from './booking-draft';
import { completeStep, nextStep } from './booking-flow';
import { extrasStepRefusal } from './step-refusals';
import type { BookingIssue } from '@/lib/issues';
import { CHECKOUT_PATH, stepPath, THANKS_PATH } from './booking-routes';
import {
  COUPON_LIMIT,
  extraSelectionSchema,
  findBranch,
  locationIssues,
  priceDraft,
  priceSelection,
  selectionOfDraft,
  type DraftChoices,
  type PanelPrice,
} from '@/features/pricing';
import { bookReservation } from '@/features/reservations';
import { draftPanelPrice } from './price-panel';
import { clientAddress } from '@/lib/client-address';
import { redirect } from '@/i18n/navigation';

/**
 * The booking flow's mutations. Each one re-checks on the server what the browser checked, saves the draft in the
 * content service and sends the renter to the next step (the step lives in the URL). A failure comes back as the
 * fields' catalogue keys, which the form shows under each field, and loses nothing the renter typed.
 */

export type ActionResult = FormResult;

function failure(errors: Record<string, FormIssue>, formError?: FormIssue): ActionResult {
  return { ok: false, errors, ...(formError ? { formError } : {}) };
}

const SERVICE_DOWN: FormIssue = { message: 'booking.errors.serviceUnavailable' };
const DRAFT_EXPIRED: FormIssue = { message: 'booking.errors.draftExpired' };

/** Issues keyed by the form's field names (`mapping` turns the API's field names into them). */
function formErrors(issues: readonly BookingIssue[], mapping: Record<string, string>): Record<string, FormIssue> {
  const errors: Record<string, FormIssue> = {};
  for (const entry of issues) {
    const field = mapping[entry.field] ?? mapping['*'] ?? entry.field;
    errors[field] ??= { message: entry.message, ...(entry.params ? { params: entry.params } : {}) };
  }
  return errors;
}

/**
 * Runs an action body on the renter's draft: without one (expired, or a forged cookie) the form hears so, and the
 * content service being down is a message for the form, never a crash.
 */
async function withDraft(action: (draft: BookingDraft) => Promise<ActionResult>): Promise<ActionResult> {
  try {
    const draft = await readBookingDraft();
    return draft ? await action(draft) : failure({}, DRAFT_EXPIRED);
  } catch (error) {
    if (error instanceof ContentServiceError) return failure({}, SERVICE_DOWN);
    throw error;
  }
}

/** The total (cents) the checkout showed when the renter confirmed or paid: the server books no other. */
const shownTotalSchema = z.number().int().nonnegative();

function goTo(locale: Locale, path: string): never {
  redirect({ href: path, locale });
}

async function saveAndGo(draft: BookingDraft, data: DraftData, locale: Locale, step: BookingStep): Promise<never> {
  await saveBookingDraft({ id: draft.id, data });
  const next = nextStep(step);
  goTo(locale, next === 'checkout' ? CHECKOUT_PATH : stepPath(next, locale));
}

// --------------------------------------------------------------------------------------------------- start

const startSchema = z.object({
  car: z.string().trim().min(1).max(64),
  pickup_branch: z.string().trim().max(64).optional(),
  return_branch: z.string().trim().max(64).optional(),
  pickup_date: z.string().trim().max(10).optional(),
  pickup_time: z.string().trim().max(5).optional(),
  return_date: z.string().trim().max(10).optional(),
  return_time: z.string().trim().max(5).optional(),
  /** The driver's age band the search asked (its lowest age); one not offered is ignored (no fee, as not asked). */
  driver_age: z.coerce.number().int().min(16).max(120).optional().catch(undefined),
  locale: z.string().catch('').transform(localeOrDefault),
});

/**
 * Starts a booking of a car (the fleet's "Reserve" button, a plain form that works without JavaScript). With the
 * search's branches and dates, and when they pass every rule, the renter goes straight to the coverage; otherwise to
 * the dates step, prefilled with what was given (or tomorrow at 10:00 for three days). A promotion's code the renter
 * chose on /promos (remembered in a cookie, checked again here) becomes the draft's coupon, which checkout applies.
 */
export async function startBooking(formData: unknown): Promise<void> {
  const parsed = startSchema.safeParse(formFields(formData));
  const locale = parsed.success ? parsed.data.locale : DEFAULT_LOCALE;
  if (!parsed.success) goTo(locale, '/flota');
  const input = parsed.data;
  const [{ site, fleet }, branches] = await Promise.all([loadAppData(), getBranches(locale)]);
  const car = fleet.cars.find((candidate) => candidate.id === input.car);
  if (!car) goTo(locale, '/flota');

  const tomorrow = addDaysToLocalDate(formatPanamaDate(new Date()), 1);
  const pickupBranch = findBranch(branches, input.pickup_branch ?? '') ?? branches[0];
  const returnBranch = findBranch(branches, input.return_branch ?? '') ?? pickupBranch;
  if (!pickupBranch || !returnBranch) goTo(locale, '/flota');
  const pickupAt = `${input.pickup_date || tomorrow}T${input.pickup_time || '10:00'}`;
  const returnAt = `${input.return_date || addDaysToLocalDate(input.pickup_date || tomorrow, Math.max(3, car.minimumDays))}T${input.return_time || '10:00'}`;
  const given = Boolean(input.pickup_branch && input.pickup_date && input.return_date);
  const jar = await cookies();
  const couponCode = await rememberedPromoCode(jar, site.brand);
  // An agent of a company with a rate books at it (the bill shows it as a line).
  const agent = await currentAgent();

  let data: DraftData = {
    carId: car.id,
    pickupBranch: pickupBranch.id,
    returnBranch: returnBranch.id,
    pickupAt: parsePanamaDateTime(pickupAt) ? pickupAt : `${tomorrow}T10:00`,
    returnAt: parsePanamaDateTime(returnAt) ? returnAt : `${addDaysToLocalDate(tomorrow, 3)}T10:00`,
    reservationType: 'postpaid',
    era: false,
    extras: [],
    couponCode,
    driverAge: offeredDriverAge(site, input.driver_age),
    termsAccepted: false,
    completed: [],
    corporate: agent?.company ? { companyId: agent.company.id, agentId: agent.id } : undefined,
  };
  const valid = given && locationIssues(data, pickupBranch, returnBranch, site, car.minimumDays, new Date()).length === 0;
  if (valid) data = completeStep(data, 'location');
  await createBookingDraft(data, jar);
  goTo(locale, stepPath(valid ? 'coverage' : 'location', locale));
}

// --------------------------------------------------------------------------------------------------- steps

const LOCATION_FIELDS = { pickup_location: 'pickupBranch', return_location: 'returnBranch', pickup_date: 'pickupAt', return_date: 'returnAt', '*': 'pickupAt' };

const locationSchema = z.object({
  pickupBranch: z.string().trim().min(1).max(64),
  returnBranch: z.string().trim().min(1).max(64),
  pickupAt: z.string().trim().max(32),
  returnAt: z.string().trim().max(32),
});

export async function saveLocation(locale: string, values: unknown): Promise<ActionResult> {
  const language = localeOrDefault(locale);
  return withDraft(async (draft) => {
    const parsed = locationSchema.safeParse(values);
    if (!parsed.success) return failure({ pickupAt: { message: 'validation.required' } });
    const [{ site, fleet }, branches] = await Promise.all([loadAppData(), getBranches(language)]);
    const pickupBranch = findBranch(branches, parsed.data.pickupBranch);
    const returnBranch = findBranch(branches, parsed.data.returnBranch);
    if (!pickupBranch || !returnBranch) {
      return failure({ [pickupBranch ? 'returnBranch' : 'pickupBranch']: { message: 'booking.errors.unknownBranch' } });
    }
    const car = fleet.cars.find((candidate) => candidate.id === draft.data.carId);
    const issues = locationIssues(parsed.data, pickupBranch, returnBranch, site, car?.minimumDays, new Date());
    if (issues.length > 0) return failure(formErrors(issues, LOCATION_FIELDS));
    const data = completeStep({ ...draft.data, pickupBranch: pickupBranch.id, returnBranch: returnBranch.id, pickupAt: parsed.data.pickupAt, returnAt: parsed.data.returnAt }, 'location');
    return saveAndGo(draft, data, language, 'location');
  });
}

const coverageSchema = z.object({ coverageId: z.string().trim().min(1).max(64), era: z.boolean() });

export async function saveCoverage(locale: string, values: unknown): Promise<ActionResult> {
  const language = localeOrDefault(locale);
  return withDraft(async (draft) => {
    const parsed = coverageSchema.safeParse(values);
    if (!parsed.success) return failure({ coverageId: { message: 'validation.coverageRequired' } });
    const priced = await priceSelection({ ...(await selectionOfDraft(draft.data)), coverageId: parsed.data.coverageId, era: parsed.data.era, couponCode: undefined });
    if (!priced.ok) return failure(formErrors(priced.issues, { coverage_id: 'coverageId', '*': 'coverageId' }));
    return saveAndGo(draft, completeStep({ ...draft.data, coverageId: parsed.data.coverageId, era: parsed.data.era }, 'coverage'), language, 'coverage');
  });
}

const extrasSchema = z.object({
  extras: z.array(extraSelectionSchema).max(20),
  deliveryOptionId: z.string().trim().max(64).optional(),
  flightNumber: z.string().max(FLIGHT_NUMBER_MAX_LENGTH).optional(),
});

export async function saveExtras(locale: string, values: unknown): Promise<ActionResult> {
  const language = localeOrDefault(locale);
  return withDraft(async (draft) => {
    const parsed = extrasSchema.safeParse(values);
    if (!parsed.success) return failure({}, { message: 'booking.errors.invalidValue' });
    const extras = parsed.data.extras.filter((extra) => extra.quantity > 0);
    const deliveryOptionId = parsed.data.deliveryOptionId || undefined;
    const priced = await priceSelection({ ...(await selectionOfDraft(draft.data)), extras, deliveryOptionId, flightNumber: parsed.data.flightNumber, couponCode: undefined });
    if (!priced.ok) {
      const refusal = extrasStepRefusal(priced.issues);
      return failure(refusal.errors, refusal.formError);
    }
    // Meet & greet needs the renter's flight; one typed for another option is not kept.
    const needsFlightNumber = priced.booking.delivery?.needsFlightNumber ?? false;
    const flight = checkFlightNumber(needsFlightNumber, parsed.data.flightNumber);
    if (!flight.ok) return failure({ flightNumber: { message: FLIGHT_NUMBER_MESSAGES[flight.problem] } });
    const flightNumber = needsFlightNumber ? flight.flightNumber : undefined;
    return saveAndGo(draft, completeStep({ ...draft.data, extras, deliveryOptionId, flightNumber }, 'extras'), language, 'extras');
  });
}

const choicesSchema = z.object({
  coverageId: z.string().trim().max(64).optional(),
  era: z.boolean().optional(),
  extras: z.array(extraSelectionSchema).max(20).optional(),
  deliveryOptionId: z.string().trim().max(64).optional(),
});

/** The price panel for the open step's choices, or `ok: false` when it could not be priced now (the panel says so). */
export type PanelPriceResult = { ok: true; price: PanelPrice } | { ok: false };

/**
 * Prices the open step's choices without saving them, for the price panel beside the steps: the renter's draft with
 * the coverage, ERA, extras or delivery being chosen, priced by the server like the draft itself (the browser only
 * shows the answer). Nothing is saved: Continue saves the step.
 */
export async function previewDraftPrice(locale: string, values: unknown): Promise<PanelPriceResult> {
  const language = localeOrDefault(locale);
  const parsed = choicesSchema.safeParse(values);
  if (!parsed.success) return { ok: false };
  try {
    const draft = await readBookingDraft();
    if (!draft) return { ok: false };
    const { coverageId, era, extras, deliveryOptionId } = parsed.data;
    // Only what the step sent replaces the draft's choice; '' is none (no coverage picked yet, no delivery).
    const choices: DraftChoices = {
      ...(coverageId === undefined ? {} : { coverageId: coverageId || undefined }),
      ...(era === undefined ? {} : { era }),
      ...(extras === undefined ? {} : { extras: extras.filter((extra) => extra.quantity > 0) }),
      ...(deliveryOptionId === undefined ? {} : { deliveryOptionId: deliveryOptionId || undefined }),
    };
    const price = await draftPanelPrice(draft, language, choices);
    return { ok: true, price };
  } catch (error) {
    if (error instanceof ContentServiceError) return { ok: false };
    throw error;
  }
}

export async function saveClient(locale: string, values: unknown): Promise<ActionResult> {
  const language = localeOrDefault(locale);
  return withDraft(async (draft) => {
    const { site } = await loadAppData();
    const pickup = parsePanamaDateTime(draft.data.pickupAt);
    const schema = createClientFormSchema({ pickupDate: pickup ? formatPanamaDate(pickup) : new Date(), minimumAge: site.minimumRenterAge, normalizePhone });
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      return failure(issuesByField(parsed.error));
    }
    const { termsAccepted, ...client } = parsed.data;
    const ageBandChange = await ageBandChangeOf(draft.data, client.birthday);
    return saveAndGo(draft, completeStep({ ...draft.data, client, termsAccepted, ageBandChange }, 'client'), language, 'client');
  });
}

/** The search's driver's age when it is the lowest age of a band the brand's search offers, else none. */
function offeredDriverAge(site: Awaited<ReturnType<typeof loadAppData>>['site'], age: number | undefined): number | undefined {
  if (age === undefined) return undefined;
  return driverAgeBands(site.youngDriverFees, site.minimumRenterAge).some((band) => band.minAge === age) ? age : undefined;
}

/**
 * The young-driver fee before and after the birthday, when the renter's age on the pickup date puts them in another
 * band than the search asked and so changes the price: the checkout tells them. Undefined when the prices agree.
 */
async function ageBandChangeOf(data: DraftData, birthday: string): Promise<DraftData['ageBandChange']> {
  const pickup = parsePanamaDateTime(data.pickupAt);
  if (!pickup) return undefined;
  const age = ageOnDate(birthday, formatPanamaDate(pickup));
  const asked = await priceDraft({ data: { ...data, client: undefined } }, { basicCoverageUntilChosen: true });
  const told = await priceDraft({ data: { ...data, driverAge: undefined, client: { birthday } } }, { basicCoverageUntilChosen: true });
  if (!asked.ok || !told.ok || asked.booking.quote.youngDriverFee === told.booking.quote.youngDriverFee) return undefined;
  return { age, before: asked.booking.quote.youngDriverFee, after: told.booking.quote.youngDriverFee };
}

// --------------------------------------------------------------------------------------------------- coupon

export async function applyCoupon(code: unknown): Promise<ActionResult> {
  return withDraft(async (draft) => {
    const parsed = z.string().trim().min(1).max(40).safeParse(code);
    if (!parsed.success) return failure({ code: { message: 'validation.required' } });
    const limit = await hitRateLimit(COUPON_LIMIT, clientAddress(await headers()));
    if (!limit.allowed) return failure({ code: { message: 'booking.errors.rateLimited', params: { seconds: limit.retryAfterSeconds } } });
    const priced = await priceSelection({ ...(await selectionOfDraft(draft.data)), couponCode: parsed.data });
    if (!priced.ok) {
      const couponIssue = priced.issues.find((entry) => entry.field === 'coupon') ?? priced.issues[0];
      return failure({ code: couponIssue ? { message: couponIssue.message, ...(couponIssue.params ? { params: couponIssue.params } : {}) } : { message: 'booking.errors.couponUnknown' } });
    }
    await saveBookingDraft({ id: draft.id, data: { ...draft.data, couponCode: priced.booking.coupon?.code } });
    return { ok: true };
  });
}

export async function removeCoupon(): Promise<ActionResult> {
  return withDraft(async (draft) => {
    const { couponCode: _removed, ...data } = draft.data;
    await saveBookingDraft({ id: draft.id, data });
    return { ok: true };
  });
}

// --------------------------------------------------------------------------------------------------- confirm

/**
 * Books the reservation, paid at the counter: priced again from the content service's data, saved with the stock
 * check in one transaction. The idempotency key is saved in the draft before the booking, so a double click, a retry
 * or a refresh books once.
 */
export async function confirmReservation(locale: string, shownTotal: unknown): Promise<ActionResult> {
  const language = localeOrDefault(locale);
  const shown = shownTotalSchema.safeParse(shownTotal);
  return withDraft(async (draft) => {
    if (draft.data.reservation?.done) goTo(language, THANKS_PATH);
    const client = draft.data.client;
    if (!client || !draft.data.termsAccepted) goTo(language, stepPath('client', language));
    // Booked to pay at the counter only when that is the renter's choice (nothing is chosen for them).
    if (draft.data.paymentMethod !== 'counter') return failure({}, { message: 'booking.paymentChoice.required' });
    // A coupon that no longer applies was shown as such at checkout: the booking goes ahead without it.
    const priced = await priceDraft(draft);
    if (!priced.ok) return failure(formErrors(priced.issues, {}), priced.issues[0] ? { message: priced.issues[0].message, ...(priced.issues[0].params ? { params: priced.issues[0].params } : {}) } : undefined);
    // The price hold ended and the rules of the moment price it otherwise: the checkout shows the new total first.
    if (!confirmsShownTotal(shown.success ? shown.data : null, priced.booking.quote.total)) goTo(language, CHECKOUT_PATH);

    const confirmationKey = draft.data.confirmationKey ?? `draft-${draft.id}-${randomUUID()}`;
    if (!draft.data.confirmationKey) await saveBookingDraft({ id: draft.id, data: { ...draft.data, confirmationKey } });
    const outcome = await bookReservation(priced.booking, client, language, confirmationKey, clientAddress(await headers()), 'web');
    if (!outcome.ok) {
      const first = outcome.issues[0];
      return failure({}, first ? { message: first.message, ...(first.params ? { params: first.params } : {}) } : undefined);
    }
    const reservation = { id: outcome.reservation.id, number: outcome.reservation.number, done: true };
    await saveBookingDraft({ id: draft.id, data: { ...draft.data, confirmationKey, reservation } });
    goTo(language, THANKS_PATH);
  });
}
