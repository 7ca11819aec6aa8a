import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/env', () => ({ serverEnv: () => ({ siteUrl: 'https://firefly.test', httpsSite: true }) }));

const fetchCounterUser = vi.fn<(token: string) => Promise<unknown>>();
const readCounterReservation = vi.fn<(number: string, token: string) => Promise<unknown>>();
const readCounterDay = vi.fn<(token: string, date: string, branch?: number) => Promise<unknown>>();
vi.mock('@/content/counter', () => ({
  fetchCounterUser: (token: string) => fetchCounterUser(token),
  readCounterReservation: (number: string, token: string) => readCounterReservation(number, token),
  readCounterDay: (token: string, date: string, branch?: number) => readCounterDay(token, date, branch),
  openCounterFile: vi.fn(),
}));

const { staffFromRequest } = await import('./staff');
const { counterNumber, counterToday, loadCounterDay, loadCounterReservation } = await import('./loaders');

const LIVE = String(Date.now() + 600_000);
const PTY = { id: 1, code: 'PTY', name: 'Aeropuerto de Tocumen' };
const user = { id: 'u-1', name: 'Marta Ríos', email: 'mostrador.pty@example.com', language: null, branch: PTY, admin: false };

function request({ authorization, cookies = {} }: { authorization?: string; cookies?: Record<string, string> } = {}) {
  const cookie = Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ');
  return new NextRequest('https://firefly.test/api/counter/reservations/FF-7K3M9Q', {
    headers: { ...(authorization ? { authorization } : {}), ...(cookie ? { cookie } : {}) },
  });
}

beforeEach(() => {
  fetchCounterUser.mockReset();
  readCounterReservation.mockReset();
  readCounterDay.mockReset();
});

describe('who is at the counter', () => {
  it('takes the bearer token first, then the session cookies, and asks the content service who it is', async () => {
    fetchCounterUser.mockResolvedValue(user);
    const bearer = await staffFromRequest(request({ authorization: 'Bearer token-a', cookies: { auth_access_token: 'token-b', auth_expires: LIVE } }));
    expect(bearer).toEqual({ ok: true, staff: { id: 'u-1', name: 'Marta Ríos', email: 'mostrador.pty@example.com', branch: PTY, admin: false, token: 'token-a' } });
    expect(fetchCounterUser).toHaveBeenLastCalledWith('token-a');
    const session = await staffFromRequest(request({ cookies: { auth_access_token: 'token-b', auth_expires: LIVE } }));
    expect(session.ok && session.staff.token).toBe('token-b');
  });

  it('answers 401 without credentials, with an expired session or a malformed header, and 403 for a user who is not staff', async () => {
    expect(await staffFromRequest(request())).toEqual({ ok: false, status: 401 });
    expect(await staffFromRequest(request({ cookies: { auth_access_token: 'old', auth_expires: String(Date.now() - 1000) } }))).toEqual({ ok: false, status: 401 });
    expect(await staffFromRequest(request({ authorization: 'Basic abc' }))).toEqual({ ok: false, status: 401 });
    expect(fetchCounterUser).not.toHaveBeenCalled();
    fetchCounterUser.mockResolvedValue({ refused: 403 });
    expect(await staffFromRequest(request({ authorization: 'Bearer agent-token' }))).toEqual({ ok: false, status: 403 });
  });
});

describe('the counter reads', () => {
  const staff = { ...user, token: 'tok' };

  it('reads a typed or scanned number in its canonical form, and refuses text that cannot be one without asking', async () => {
    expect(counterNumber(' ff 7k3m9q ')).toBe('FF-7K3M9Q');
    expect(await loadCounterReservation('not a number', staff)).toEqual({ kind: 'invalid' });
    expect(readCounterReservation).not.toHaveBeenCalled();
    readCounterReservation.mockResolvedValue(undefined);
    expect(await loadCounterReservation('ff-7k3m9q', staff)).toEqual({ kind: 'notFound', number: 'FF-7K3M9Q' });
    expect(readCounterReservation).toHaveBeenLastCalledWith('FF-7K3M9Q', 'tok');
  });

  it('lists the staff member\'s own branch\'s day; an administrator names the branch', async () => {
    readCounterDay.mockResolvedValue({ date: '2026-11-26', branch: PTY, pickups: [], returns: [], overdue: [] });
    await loadCounterDay(staff, '2026-11-26');
    expect(readCounterDay).toHaveBeenLastCalledWith('tok', '2026-11-26', undefined);
    const admin = { ...staff, admin: true, branch: null };
    expect(await loadCounterDay(admin, '2026-11-26')).toBeUndefined();
    await loadCounterDay(admin, '2026-11-26', 7);
    expect(readCounterDay).toHaveBeenLastCalledWith('tok', '2026-11-26', 7);
    // 23:30 in Panama is still that day there, whatever the server's zone.
    expect(counterToday(new Date('2026-11-27T04:30:00Z'))).toBe('2026-11-26');
  });
});

describe('what a scan or a typing gives', async () => {
  const { numberFromScan } = await import('./scan-text');

  it('finds the reservation number alone, typed loosely, or inside a text or address', () => {
    expect(numberFromScan('FF-7K3M9Q')).toBe('FF-7K3M9Q');
    expect(numberFromScan(' ff 7k3m9q ')).toBe('FF-7K3M9Q');
    expect(numberFromScan('https://firefly.test/mi-reserva?numero=ff-7k3m9q&x=1')).toBe('FF-7K3M9Q');
    expect(numberFromScan('https://firefly.test/mi-reserva?numero=FF%2D7K3M9Q')).toBe('FF-7K3M9Q');
  });

  it('finds none in other codes, or where the characters cannot be a number (0, O, 1, I, L)', () => {
    expect(numberFromScan('WIFI:S:tienda;;')).toBeNull();
    expect(numberFromScan('FF-7K3M0Q')).toBeNull();
    expect(numberFromScan('XFF-7K3M9QX')).toBeNull();
    expect(numberFromScan('')).toBeNull();
  });
});
