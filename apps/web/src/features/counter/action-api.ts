import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { COLLECT_METHODS, COUNTER_ACTIONS, rentalActionOfPath } from '@rentacar/domain/rentals';
import { assignVehicleInput } from '@rentacar/domain/vehicles';
import { assignCounterVehicle, storeCounterPhoto } from '@/content';
import { apiLocale, bodyChunks, errorResponse, readJsonBody, unknownApiPath, withBookingErrors } from '@/shared/api';
import { issue } from '@/lib/issues';
import type { Locale } from '@/i18n/routing';
import { billBody, problemOfAssign, problemOfCollect, problemOfRefusal, problemOfStaff, type CounterProblem } from './answers';
import { collectReturnCharges, recordRentalAction, type ActingStaff } from './closing';
import { photoProblem, PHOTO_TYPES, MAX_PHOTO_BYTES } from './photos';
import { staffFromRequest, type CounterStaff } from './staff';

/**
 * The storefront's counter API (docs/counter.md, "The storefront's counter API"): the staff session's cookies (a same-site request:
 * the proxy's CSRF check refuses a cross-site one) or `Authorization: Bearer <content-service access token>`. Bodies
 * are passed to the content service as they are, which checks them (its zod schemas) and the order of events; its
 * refusals come back in the booking API's error shape, its codes kept. Amounts are in cents.
 */

export function actingStaff(staff: CounterStaff): ActingStaff {
  return { token: staff.token, admin: staff.admin, branchId: staff.branch ? String(staff.branch.id) : undefined };
}

function problemResponse(problem: CounterProblem, locale: Locale): NextResponse {
  return errorResponse(problem.status, [issue(problem.field, `counterActions.errors.${problem.key}`, problem.params, problem.code)], locale);
}

async function signedIn(request: NextRequest, locale: Locale): Promise<ActingStaff | NextResponse> {
  const outcome = await staffFromRequest(request);
  return outcome.ok ? actingStaff(outcome.staff) : problemResponse(problemOfStaff(outcome.status), locale);
}

/** The body as JSON (an empty body is `{}`: a no-show without notes), or the 400 that says it is not. */
async function jsonBody(request: NextRequest, locale: Locale): Promise<{ value: unknown } | NextResponse> {
  let size = 0;
  async function* counted() {
    for await (const chunk of bodyChunks(request)) {
      size += chunk.byteLength;
      yield chunk;
    }
  }
  try {
    // Past the API's limit the body is cut off, so it does not parse.
    return { value: await readJsonBody(counted()) };
  } catch {
    if (size === 0) return { value: {} };
    return errorResponse(400, [issue('body', 'booking.errors.invalidJson')], locale);
  }
}

/**
 * POST /api/counter/reservations/{number}/{path}: the counter action at that address (the domain's `COUNTER_ACTIONS`:
 * pickup, return, no-show...); an address no action has is the API's unknown path (404).
 */
export async function answerCounterAction(request: NextRequest, number: string, path: string): Promise<NextResponse> {
  const action = rentalActionOfPath(path);
  if (action === undefined) return unknownApiPath(request);
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const staff = await signedIn(request, locale);
    if (staff instanceof NextResponse) return staff;
    const body = await jsonBody(request, locale);
    if (body instanceof NextResponse) return body;
    if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) {
      return errorResponse(400, [issue('body', 'counterActions.errors.invalid', { field: 'body' }, 'invalid_value')], locale);
    }
    const answer = await recordRentalAction(staff, number, COUNTER_ACTIONS[action].path, body.value);
    if (!answer.ok) return problemResponse(problemOfRefusal(answer.refusal, locale), locale);
    return NextResponse.json({
      ...answer.data,
      ...(answer.bill ? { bill: billBody(answer.bill), card_on_file: answer.savedCard ?? false } : {}),
      ...(answer.receipt ? { receipt: answer.receipt } : {}),
    });
  });
}

const collectSchema = z.strictObject({ method: z.enum([...COLLECT_METHODS, 'none']) });

/** POST /api/counter/reservations/{number}/charges { method: card_on_file | counter | none }. */
export async function answerCollect(request: NextRequest, number: string): Promise<NextResponse> {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const staff = await signedIn(request, locale);
    if (staff instanceof NextResponse) return staff;
    const body = await jsonBody(request, locale);
    if (body instanceof NextResponse) return body;
    const parsed = collectSchema.safeParse(body.value);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.map(String).join('.') || 'method';
      return errorResponse(400, [issue(field, 'counterActions.errors.invalid', { field }, 'invalid_value')], locale);
    }
    const answer = await collectReturnCharges(staff, number, parsed.data.method);
    if (!answer.ok) return problemResponse(problemOfCollect(answer.refusal), locale);
    return NextResponse.json({ collected: answer.collected, method: answer.method, bill: billBody(answer.bill), receipt: answer.receipt });
  });
}

/**
 * POST /api/counter/reservations/{number}/assign { plate, reason? }: staff choose or swap the booking's car
 * (docs/fleet.md); the content service checks the branch, the class and that the car can take the rental.
 */
export async function answerAssignVehicle(request: NextRequest, number: string): Promise<NextResponse> {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const staff = await signedIn(request, locale);
    if (staff instanceof NextResponse) return staff;
    const body = await jsonBody(request, locale);
    if (body instanceof NextResponse) return body;
    const parsed = assignVehicleInput.safeParse(body.value);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const field = first?.code === 'unrecognized_keys' ? (first.keys[0] ?? 'body') : first?.path.map(String).join('.') || 'body';
      return field === 'plate'
        ? errorResponse(400, [issue('plate', 'counterActions.errors.plateInvalid', undefined, 'invalid_value')], locale)
        : errorResponse(400, [issue(field, 'counterActions.errors.invalid', { field }, 'invalid_value')], locale);
    }
    const answer = await assignCounterVehicle(staff.token, number, parsed.data);
    if (!answer.ok) return problemResponse(problemOfAssign(answer.refusal, locale), locale);
    return NextResponse.json(answer.data);
  });
}

/** POST /api/counter/photos, multipart `file`: a JPEG or PNG photo of the car; answers `{ id }` to name in `photos`. */
export async function answerPhoto(request: NextRequest): Promise<NextResponse> {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const staff = await signedIn(request, locale);
    if (staff instanceof NextResponse) return staff;
    const form = await request.formData().catch(() => undefined);
    const file = form?.get('file');
    if (!(file instanceof Blob)) return errorResponse(400, [issue('file', 'counterActions.errors.invalid', { field: 'file' }, 'invalid_value')], locale);
    const early = photoProblem(file);
    if (early) return problemResponse(early, locale);
    const stored = await storeCounterPhoto(staff.token, file);
    if (!stored.ok) return problemResponse(storedProblem(stored.problem), locale);
    return NextResponse.json({ id: stored.fileId }, { status: 201 });
  });
}

export function storedProblem(problem: 'too_large' | 'type' | 'empty' | 'refused' | 'unavailable'): CounterProblem {
  switch (problem) {
    case 'too_large':
      return { status: 413, field: 'file', code: 'file_too_large', key: 'photoTooLarge', params: { mb: MAX_PHOTO_BYTES / 1024 / 1024 } };
    case 'type':
    case 'empty':
      return { status: 415, field: 'file', code: 'file_type', key: 'photoType', params: { types: PHOTO_TYPES.join(', ') } };
    case 'refused':
      return { status: 400, field: 'file', code: 'file_refused', key: 'photoRefused' };
    case 'unavailable':
      return { status: 503, field: 'service', code: 'service_unavailable', key: 'unavailable' };
  }
}
