import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { isBoardState, vehicleStatusInput } from '@rentacar/domain/vehicles';
import type { CounterFleetQuery } from '@/content';
import { serverTranslator } from '@/i18n/server-translator';
import type { Locale } from '@/i18n/routing';
import { apiLocale, bodyChunks, readJsonBody, withBookingErrors } from '@/shared/api';
import { fleetProblemOfStaff, loadFleet, setVehicleStatus, type FleetProblem } from './fleet';
import { acrissClass } from './fleet-form';
import { staffFromRequest, type CounterStaff } from './staff';

/**
 * The fleet board on the storefront's counter API (docs/counter.md, "The storefront's counter API"; docs/fleet.md):
 * `GET /api/counter/vehicles?branch=&status=&class=` and `POST /api/counter/vehicles/{plate}/status`, with the staff
 * session or `Authorization: Bearer <content-service access token>` as the other counter routes, and their errors:
 * `{ errors: [{ field, code, message }] }` in the caller's language. A wrong query or body is a 400, never a 500.
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' };

function problemResponse(problem: FleetProblem, locale: Locale): NextResponse {
  const t = serverTranslator(locale);
  const headers: HeadersInit = { ...NO_STORE, ...(problem.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}) };
  return NextResponse.json({ errors: [{ field: problem.field, code: problem.code, message: t(problem.message, problem.params) }] }, { status: problem.status, headers });
}

const invalid = (field: string): FleetProblem => ({ status: 400, field, code: 'invalid_value', message: 'counterFleet.errors.invalid', params: { field } });

async function signedIn(request: NextRequest): Promise<CounterStaff | FleetProblem> {
  const outcome = await staffFromRequest(request);
  return outcome.ok ? outcome.staff : fleetProblemOfStaff(outcome.status);
}

const isProblem = (value: CounterStaff | FleetProblem): value is FleetProblem => 'code' in value;

/** The board's filters from the query (`branch` an id, `status` a board state, `class` an ACRISS code), or the one that is wrong. */
function fleetQuery(params: URLSearchParams): CounterFleetQuery | FleetProblem {
  const query: CounterFleetQuery = {};
  const branch = params.get('branch');
  if (branch !== null) {
    if (!/^[1-9][0-9]{0,9}$/.test(branch)) return invalid('branch');
    query.branch = Number(branch);
  }
  const status = params.get('status');
  if (status !== null) {
    if (!isBoardState(status)) return invalid('status');
    query.status = status;
  }
  const className = params.get('class');
  if (className !== null) {
    const code = acrissClass(className);
    if (code === undefined) return invalid('class');
    query.class = code;
  }
  return query;
}

/**
 * GET /api/counter/vehicles: a branch's fleet board (the caller's own branch unless `branch` names another; an
 * administrator names one), in the storefront's names: `{ branch, mayAct, counts, vehicles }`.
 */
export async function answerFleetBoard(request: NextRequest): Promise<NextResponse> {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const staff = await signedIn(request);
    if (isProblem(staff)) return problemResponse(staff, locale);
    const query = fleetQuery(request.nextUrl.searchParams);
    if ('code' in query) return problemResponse(query, locale);
    const board = await loadFleet(staff, query);
    return board.ok ? NextResponse.json(board.fleet, { headers: NO_STORE }) : problemResponse(board.problem, locale);
  });
}

/**
 * POST /api/counter/vehicles/{plate}/status `{ status, note?, available_from? }`: the unit's new status, by staff of
 * its branch. Answers the content service's `{ plate, colour, bay, car, status, status_note, moved, needs_vehicle }`.
 */
export async function answerVehicleStatus(request: NextRequest, plate: string): Promise<NextResponse> {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const staff = await signedIn(request);
    if (isProblem(staff)) return problemResponse(staff, locale);
    let body: unknown;
    try {
      body = await readJsonBody(bodyChunks(request));
    } catch {
      return problemResponse({ status: 400, field: 'body', code: 'invalid_json', message: 'booking.errors.invalidJson' }, locale);
    }
    const parsed = vehicleStatusInput.safeParse(body);
    if (!parsed.success) return problemResponse(invalid(parsed.error.issues[0]?.path.map(String).join('.') || 'body'), locale);
    const answer = await setVehicleStatus(staff, plate, parsed.data);
    return answer.ok ? NextResponse.json(answer.data, { headers: NO_STORE }) : problemResponse(answer.problem, locale);
  });
}

