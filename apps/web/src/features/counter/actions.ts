'use server';

import { getLocale } from 'next-intl/server';
import { COLLECT_METHODS, pickupBodyOf, pickupFormSchema, returnBodyOf, returnFormSchema, type CollectMethod } from '@rentacar/domain/rentals';
import { storeCounterPhoto } from '@/content';
import { issuesByField, type FormIssue } from '@/shared/forms';
import { billBody, problemOfCollect, problemOfRefusal, problemOfStaff, type CounterProblem } from './answers';
import { collectReturnCharges, recordRentalAction, type ActingStaff, type ReceiptDelivery } from './closing';
import { actingStaff, storedProblem } from './action-api';
import { MAX_PHOTOS, photoProblem } from './photos';
import { currentStaff } from './staff';

/**
 * The counter screen's forms (CounterActions): the same server code as the storefront API, as the signed-in staff
 * member. Each answers the issues of its fields (catalogue keys, translated in the browser) or the form's, so nothing
 * typed is lost; a return answers its final bill for the charges step.
 */

export type CounterBill = ReturnType<typeof billBody>;

export type CounterActionResult =
  | { ok: true; bill?: CounterBill; cardOnFile?: boolean; receipt?: ReceiptDelivery; collected?: number }
  | { ok: false; errors: Record<string, FormIssue>; formError?: FormIssue };

// The content service's field names, as the forms name them.
const FORM_FIELDS: Record<string, string> = {
  mileage: 'mileage',
  fuel_eighths: 'fuelEighths',
  notes: 'notes',
  damage_notes: 'damageNotes',
  damage_amount: 'damageAmount',
  deposit_amount: 'depositAmount',
  deposit_method: 'depositMethod',
  deposit_kept_amount: 'depositKept',
  photos: 'photos',
  file: 'photos',
};

function refused(problem: CounterProblem): CounterActionResult {
  const issue: FormIssue = { message: `counterActions.errors.${problem.key}`, ...(problem.params ? { params: problem.params } : {}) };
  const field = FORM_FIELDS[problem.field];
  return field ? { ok: false, errors: { [field]: issue } } : { ok: false, errors: {}, formError: issue };
}

async function signedIn(): Promise<ActingStaff | CounterActionResult> {
  const outcome = await currentStaff();
  return outcome.ok ? actingStaff(outcome.staff) : refused(problemOfStaff(outcome.status));
}

const isStaff = (value: ActingStaff | CounterActionResult): value is ActingStaff => 'token' in value;

/** Stores the form's photos in the content service's private folder: their ids, or the refusal of the first that fails. */
async function storePhotos(staff: ActingStaff, form: FormData): Promise<string[] | CounterActionResult> {
  const files = form.getAll('photos').filter((entry): entry is File => entry instanceof Blob && entry.size > 0);
  if (files.length > MAX_PHOTOS) return { ok: false, errors: { photos: { message: 'counterActions.errors.photoCount', params: { max: MAX_PHOTOS } } } };
  for (const file of files) {
    const problem = photoProblem(file);
    if (problem) return refused(problem);
  }
  const ids: string[] = [];
  for (const file of files) {
    const stored = await storeCounterPhoto(staff.token, file);
    if (!stored.ok) return refused(storedProblem(stored.problem));
    ids.push(stored.fileId);
  }
  return ids;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The pickup form: mileage, fuel, notes, photos and an optional deposit (dollars). */
export async function pickupAction(number: string, form: FormData): Promise<CounterActionResult> {
  const staff = await signedIn();
  if (!isStaff(staff)) return staff;
  const parsed = pickupFormSchema.safeParse({
    mileage: text(form, 'mileage'),
    fuelEighths: text(form, 'fuelEighths'),
    notes: text(form, 'notes'),
    depositAmount: text(form, 'depositAmount'),
    depositMethod: text(form, 'depositMethod'),
  });
  if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error) };
  const photos = await storePhotos(staff, form);
  if (!Array.isArray(photos)) return photos;
  const locale = await getLocale();
  const answer = await recordRentalAction(staff, number, 'pickup', pickupBodyOf(parsed.data, photos));
  if (!answer.ok) return refused(problemOfRefusal(answer.refusal, locale));
  return { ok: true };
}

/** The return form: mileage, fuel, damage notes and amount, what to keep of the deposit (dollars), photos. */
export async function returnAction(number: string, form: FormData): Promise<CounterActionResult> {
  const staff = await signedIn();
  if (!isStaff(staff)) return staff;
  const parsed = returnFormSchema.safeParse({
    mileage: text(form, 'mileage'),
    fuelEighths: text(form, 'fuelEighths'),
    damageNotes: text(form, 'damageNotes'),
    damageAmount: text(form, 'damageAmount'),
    depositKept: text(form, 'depositKept'),
  });
  if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error) };
  const photos = await storePhotos(staff, form);
  if (!Array.isArray(photos)) return photos;
  const locale = await getLocale();
  const answer = await recordRentalAction(staff, number, 'return', returnBodyOf(parsed.data, photos));
  if (!answer.ok) return refused(problemOfRefusal(answer.refusal, locale));
  return { ok: true, ...(answer.bill ? { bill: billBody(answer.bill) } : {}), cardOnFile: answer.savedCard ?? false, ...(answer.receipt ? { receipt: answer.receipt } : {}) };
}

/** The charges step: the card on file, collected at the counter, or left due; then the receipt. */
export async function collectAction(number: string, method: string): Promise<CounterActionResult> {
  const staff = await signedIn();
  if (!isStaff(staff)) return staff;
  const chosen = [...COLLECT_METHODS, 'none'].find((candidate) => candidate === method) as CollectMethod | 'none' | undefined;
  if (!chosen) return { ok: false, errors: {}, formError: { message: 'counterActions.errors.invalid', params: { field: 'method' } } };
  const answer = await collectReturnCharges(staff, number, chosen);
  if (!answer.ok) return refused(problemOfCollect(answer.refusal));
  return { ok: true, bill: billBody(answer.bill), collected: answer.collected, receipt: answer.receipt };
}

/** No-show, after the staff member confirmed it. */
export async function noShowAction(number: string): Promise<CounterActionResult> {
  const staff = await signedIn();
  if (!isStaff(staff)) return staff;
  const locale = await getLocale();
  const answer = await recordRentalAction(staff, number, 'no-show', {});
  if (!answer.ok) return refused(problemOfRefusal(answer.refusal, locale));
  return { ok: true };
}
