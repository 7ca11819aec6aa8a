'use server';

import { getLocale } from 'next-intl/server';
import { isPanamaPlate, normalizePlate } from '@rentacar/domain/vehicles';
import { COLLECT_METHODS, COUNTER_ACTIONS, counterActionOf, isRentalAction, type CollectMethod, type CounterActionDescription } from '@rentacar/domain/rentals';
import { assignCounterVehicle, storeCounterPhoto } from '@/content';
import { issuesByField, type FormIssue } from '@/shared/forms';
import { billBody, problemOfAssign, problemOfCollect, problemOfRefusal, problemOfStaff, type CounterProblem } from './answers';
import { collectReturnCharges, recordRentalAction, type ActingStaff, type ReceiptDelivery } from './closing';
import { actingStaff, storedProblem } from './action-api';
import { MAX_PHOTOS, photoProblem } from './photos';
import { currentStaff } from './staff';

/**
 * The counter screen's forms (CounterActions): the same server code as the storefront API, as the signed-in staff
 * member. Every action of the domain's `COUNTER_ACTIONS` goes through `counterAction`, its form checked with the
 * action's schema; each answers the issues of its fields (catalogue keys, translated in the browser) or the form's, so
 * nothing typed is lost; a return answers its final bill for the charges step.
 */

export type CounterBill = ReturnType<typeof billBody>;

export type CounterActionResult =
  | { ok: true; bill?: CounterBill; cardOnFile?: boolean; receipt?: ReceiptDelivery; collected?: number }
  | { ok: false; errors: Record<string, FormIssue>; formError?: FormIssue };

/** The form's field a refusal names (its body field, as the content service names it), if the form has one. */
function formFieldOf(action: CounterActionDescription | undefined, field: string): string | undefined {
  if (field === 'photos' || field === 'file') return 'photos';
  return Object.entries(action?.form?.fields ?? {}).find(([, body]) => body === field)?.[0];
}

function refused(problem: CounterProblem, action?: CounterActionDescription): CounterActionResult {
  const issue: FormIssue = { message: `counterActions.errors.${problem.key}`, ...(problem.params ? { params: problem.params } : {}) };
  const field = formFieldOf(action, problem.field);
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

/**
 * A counter action from the screen (`action` as `COUNTER_ACTIONS` names it): its form as typed, checked with its
 * schema; its photos stored first; then recorded as the API records it. No form (a no-show): confirmed, an empty body.
 */
export async function counterAction(action: string, number: string, form: FormData): Promise<CounterActionResult> {
  if (!isRentalAction(action)) return { ok: false, errors: {}, formError: { message: 'counterActions.errors.invalid', params: { field: 'action' } } };
  const described = counterActionOf(action);
  const staff = await signedIn();
  if (!isStaff(staff)) return staff;
  let body: unknown = {};
  const typed = described.form;
  if (typed) {
    const parsed = typed.schema.safeParse(Object.fromEntries(Object.keys(typed.fields).map((name) => [name, text(form, name)])));
    if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error) };
    const photos = typed.photos ? await storePhotos(staff, form) : [];
    if (!Array.isArray(photos)) return photos;
    body = typed.bodyOf(parsed.data, photos);
  }
  const locale = await getLocale();
  const answer = await recordRentalAction(staff, number, COUNTER_ACTIONS[action].path, body);
  if (!answer.ok) return refused(problemOfRefusal(answer.refusal, locale), described);
  return {
    ok: true,
    ...(answer.bill ? { bill: billBody(answer.bill), cardOnFile: answer.savedCard ?? false } : {}),
    ...(answer.receipt ? { receipt: answer.receipt } : {}),
  };
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

/**
 * Staff choose or swap the booking's car (docs/fleet.md): its plate, and the reason when it is of another class (an
 * upgrade). The refusals go under the plate or the reason, or above the form.
 */
export async function assignVehicleAction(number: string, plate: string, reason: string): Promise<CounterActionResult> {
  const staff = await signedIn();
  if (!isStaff(staff)) return staff;
  if (!isPanamaPlate(plate)) return { ok: false, errors: { plate: { message: 'counterActions.errors.plateInvalid' } } };
  const locale = await getLocale();
  const answer = await assignCounterVehicle(staff.token, number, { plate: normalizePlate(plate), ...(reason.trim() ? { reason: reason.trim().slice(0, 2000) } : {}) });
  if (answer.ok) return { ok: true };
  const problem = problemOfAssign(answer.refusal, locale);
  const issue: FormIssue = { message: `counterActions.errors.${problem.key}`, ...(problem.params ? { params: problem.params } : {}) };
  return problem.field === 'plate' || problem.field === 'reason' ? { ok: false, errors: { [problem.field]: issue } } : { ok: false, errors: {}, formError: issue };
}
