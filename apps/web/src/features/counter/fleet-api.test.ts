import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentServiceError } from '@/content/errors';
import es from '../../../messages/es.json';
import en from '../../../messages/en.json';

vi.mock('@/lib/env', () => ({ serverEnv: () => ({ siteUrl: 'https://firefly.test', httpsSite: true }) }));

const fetchCounterUser = vi.fn<(token: string) => Promise<unknown>>();
const readCounterFleet = vi.fn<(token: string, query: unknown) => Promise<unknown>>();
const changeVehicleStatus = vi.fn<(token: string, plate: string, body: unknown) => Promise<unknown>>();
vi.mock('@/content/counter', () => ({
  fetchCounterUser: (token: string) => fetchCounterUser(token),
  readCounterFleet: (token: string, query: unknown) => readCounterFleet(token, query),
  changeVehicleStatus: (token: string, plate: string, body: unknown) => changeVehicleStatus(token, plate, body),
  readCounterReservation: vi.fn(),
  readCounterDay: vi.fn(),
  openCounterFile: vi.fn(),
}));

const { answerFleetBoard, answerVehicleStatus } = await import('./fleet-api');

const PTY = { id: 1, code: 'PTY', name: 'Aeropuerto de Tocumen' };
const staff = { id: 'u-1', name: 'Marta Ríos', email: 'mostrador.pty@example.com', language: null, branch: PTY, admin: false };

function get(query = '', headers: Record<string, string> = { authorization: 'Bearer tok' }) {
  return new NextRequest(`https://firefly.test/api/counter/vehicles${query}`, { headers });
}

function post(body: string, language = 'es') {
  return new NextRequest('https://firefly.test/api/counter/vehicles/ab-1234/status', {
    method: 'POST',
    headers: { authorization: 'Bearer tok', 'content-type': 'application/json', 'accept-language': language },
    body,
  });
}

/** The first error of an answer. */
const firstError = async (response: Response) => ((await response.json()) as { errors: Record<string, unknown>[] }).errors[0];

const refusal = (status: number, code: string, field?: string) => ({ ok: false, refusal: { status, code, message: '', ...(field ? { field } : {}) } });

beforeEach(() => {
  fetchCounterUser.mockReset();
  readCounterFleet.mockReset();
  changeVehicleStatus.mockReset();
  fetchCounterUser.mockResolvedValue(staff);
});

describe('GET /api/counter/vehicles', () => {
  it('answers the board with the filters passed on, never stored', async () => {
    const board = { branch: 3, mayAct: false, counts: { ready: 0, needs_cleaning: 0, in_maintenance: 0, out_of_service: 0, on_rent: 0, arriving: 0 }, vehicles: [] };
    readCounterFleet.mockResolvedValue(board);
    const response = await answerFleetBoard(get('?branch=3&status=on_rent&class=cdar'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual(board);
    expect(readCounterFleet).toHaveBeenCalledWith('tok', { branch: 3, status: 'on_rent', class: 'CDAR' });
  });

  it('refuses a wrong filter with its field, in the caller\'s language, without asking the content service', async () => {
    for (const [query, field] of [['?branch=abc', 'branch'], ['?status=parked', 'status'], ['?class=XX', 'class']] as const) {
      const response = await answerFleetBoard(get(query, { authorization: 'Bearer tok', 'accept-language': 'en' }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ field, code: 'invalid_value', message: en.counterFleet.errors.invalid.replace('{field}', field) }] });
    }
    expect(readCounterFleet).not.toHaveBeenCalled();
  });

  it('answers 401 without credentials and asks an administrator to name a branch', async () => {
    const anonymous = await answerFleetBoard(get('', { 'accept-language': 'es' }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect(await firstError(anonymous)).toMatchObject({ field: 'authorization', code: 'unauthenticated', message: es.counterActions.errors.signIn });
    readCounterFleet.mockResolvedValue({ refused: { status: 400, code: 'INVALID_PAYLOAD', message: '', field: 'branch' } });
    const admin = await answerFleetBoard(get());
    expect(admin.status).toBe(400);
    expect(await firstError(admin)).toMatchObject({ field: 'branch', code: 'branch_required', message: es.counterFleet.errors.branchRequired });
  });

  it('answers 503 when the content service does not', async () => {
    readCounterFleet.mockRejectedValue(new ContentServiceError('GET /counter/vehicles failed', 503, 'Unavailable', null));
    expect((await answerFleetBoard(get())).status).toBe(503);
  });
});

describe('POST /api/counter/vehicles/{plate}/status', () => {
  it('sends the checked body with the plate normalised and answers the content service\'s', async () => {
    changeVehicleStatus.mockResolvedValue({ ok: true, data: { plate: 'AB1234', status: 'in_maintenance', moved: [], needs_vehicle: [] } });
    const response = await answerVehicleStatus(post(JSON.stringify({ status: 'in_maintenance', note: ' Frenos ', available_from: '2030-03-05T08:00' })), 'ab-1234');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ plate: 'AB1234', status: 'in_maintenance' });
    expect(changeVehicleStatus).toHaveBeenCalledWith('tok', 'AB1234', { status: 'in_maintenance', note: 'Frenos', available_from: '2030-03-05T08:00:00' });
  });

  it('refuses a body that is not JSON or not a status change with 400, never 500', async () => {
    const broken = await answerVehicleStatus(post('{'), 'AB1234');
    expect(broken.status).toBe(400);
    expect(await firstError(broken)).toMatchObject({ field: 'body', code: 'invalid_json' });
    for (const [body, field] of [[{ status: 'flying' }, 'status'], [{ status: 'ready', colour: 'red' }, 'body'], [{ status: 'ready', available_from: 'tomorrow' }, 'available_from'], [[], 'body']] as const) {
      const response = await answerVehicleStatus(post(JSON.stringify(body)), 'AB1234');
      expect(response.status).toBe(400);
      expect(await firstError(response)).toMatchObject({ field, code: 'invalid_value' });
    }
    expect(changeVehicleStatus).not.toHaveBeenCalled();
  });

  it('passes the content service\'s refusals on as codes with their messages', async () => {
    const cases = [
      [refusal(403, 'OTHER_BRANCH'), 403, { field: 'plate', code: 'other_branch', message: en.counterFleet.errors.otherBranch }],
      [refusal(409, 'VEHICLE_ON_RENT'), 409, { field: 'status', code: 'vehicle_on_rent', message: en.counterFleet.errors.vehicleOnRent }],
      [refusal(404, 'NOT_FOUND'), 404, { field: 'plate', code: 'not_found', message: en.counterFleet.errors.notFound.replace('{plate}', 'AB1234') }],
      [refusal(400, 'INVALID_PAYLOAD', 'note'), 400, { field: 'note', code: 'invalid_value' }],
      [refusal(403, 'NO_BRANCH'), 403, { field: 'authorization', code: 'no_branch' }],
    ] as const;
    for (const [answer, status, error] of cases) {
      changeVehicleStatus.mockResolvedValueOnce(answer);
      const response = await answerVehicleStatus(post(JSON.stringify({ status: 'ready' }), 'en'), 'AB1234');
      expect(response.status).toBe(status);
      expect(await firstError(response)).toMatchObject(error);
    }
  });

  it('answers 404 for what cannot be a plate, without asking', async () => {
    const response = await answerVehicleStatus(post(JSON.stringify({ status: 'ready' })), 'not a plate');
    expect(response.status).toBe(404);
    expect(await firstError(response)).toMatchObject({ field: 'plate', code: 'not_found', message: es.counterFleet.errors.notFound.replace('{plate}', 'not a plate') });
    expect(changeVehicleStatus).not.toHaveBeenCalled();
  });
});
