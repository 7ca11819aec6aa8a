import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  blankCounterForm,
  COUNTER_ACTIONS,
  counterActionOf,
  decideRentalAction,
  RENTAL_ACTIONS,
  RENTAL_REFUSALS,
  RENTAL_STATUSES,
  rentalActionOfPath,
  type RentalAction,
} from '@rentacar/domain/rentals';
import { catalogues } from '../../../test/render-in-language';
import type * as ContentCounter from '@/content/counter';
import type * as ContentWrites from '@/content/counter-writes';
import type * as Staff from './staff';
import type * as IntlServer from 'next-intl/server';

// Walks the domain's registry of counter actions (`COUNTER_ACTIONS`) through every layer of the storefront: each
// action has its rule, its body's schema and its form's, its texts in both languages, a form on the counter page, and
// is recorded through the one API route and the one server action, at its own address. A new action that misses one
// of them fails here (docs/architecture.md, "Adding a counter action").

vi.mock('@/lib/env', () => ({ serverEnv: () => ({ siteUrl: 'https://firefly.test', httpsSite: true }) }));

const PTY = { id: 1, code: 'PTY', name: 'Aeropuerto de Tocumen' };
const user = { id: 'u-1', name: 'Marta Ríos', email: 'mostrador.pty@example.com', language: null, branch: PTY, admin: false };
const recordCounterAction = vi.fn<(token: string, number: string, path: string, body: unknown) => Promise<unknown>>();

vi.mock('@/content/counter', async (importOriginal) => ({
  ...(await importOriginal<typeof ContentCounter>()),
  fetchCounterUser: (token: string) => Promise.resolve(token === 'tok' ? user : { refused: 401 }),
}));
vi.mock('@/content/counter-writes', async (importOriginal) => ({
  ...(await importOriginal<typeof ContentWrites>()),
  recordCounterAction: (token: string, number: string, path: string, body: unknown) => recordCounterAction(token, number, path, body),
  readRentalClosing: () => Promise.resolve(undefined),
}));
// The screen's server actions run as the session's staff member, in Spanish.
vi.mock('./staff', async (importOriginal) => ({
  ...(await importOriginal<typeof Staff>()),
  currentStaff: () => Promise.resolve({ ok: true, staff: { ...user, token: 'tok' } }),
}));
vi.mock('next-intl/server', async (importOriginal) => ({ ...(await importOriginal<typeof IntlServer>()), getLocale: () => Promise.resolve('es') }));

const { POST } = await import('@/app/api/counter/reservations/[number]/[action]/route');
const { counterAction } = await import('./actions');
const { COUNTER_ACTION_FORMS } = await import('./components/counter-forms');

const NUMBER = 'FF-7K3M9Q';
const PHOTO = '0b6a3c8e-2f4d-4e57-9a1b-6c2d8e4f0a13';

/** The body the action's form example gives (with a photo where the form takes them); `{}` for an action without a form. */
function exampleBody(action: RentalAction): unknown {
  const { form } = counterActionOf(action);
  return form ? form.bodyOf(form.schema.parse(form.example), form.photos ? [PHOTO] : []) : {};
}

/** A catalogue's text at a dotted key, or undefined. */
function textAt(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

beforeEach(() => {
  recordCounterAction.mockReset();
  recordCounterAction.mockImplementation((_token, number, path) => Promise.resolve({ ok: true, data: { reservation_number: number, path } }));
});

describe('the registry of counter actions', () => {
  it('has actions, each at an address of its own', () => {
    expect(RENTAL_ACTIONS).toEqual(expect.arrayContaining(['pickup', 'return', 'no_show']));
    const paths = RENTAL_ACTIONS.map((action) => COUNTER_ACTIONS[action].path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const action of RENTAL_ACTIONS) expect(rentalActionOfPath(COUNTER_ACTIONS[action].path)).toBe(action);
    // Not an action: the charges step has a route of its own beside them.
    expect(rentalActionOfPath('charges')).toBeUndefined();
  });

  it.each(RENTAL_ACTIONS)('%s has its rule: a decision for every rental status, a reason or the status it leads to', (action) => {
    for (const rentalStatus of RENTAL_STATUSES) {
      for (const status of ['paid', 'cancelled']) {
        const decision = decideRentalAction(action, { status, rentalStatus, pickupDate: '2026-12-01T10:00' }, new Date('2026-12-02T12:00:00Z'));
        if (decision.allowed) expect(RENTAL_STATUSES).toContain(decision.next);
        else expect(RENTAL_REFUSALS).toContain(decision.reason);
      }
    }
    // A returned car or a no-show accepts nothing more.
    expect(decideRentalAction(action, { status: 'paid', rentalStatus: 'returned', pickupDate: '2026-12-01T10:00' }, new Date())).toEqual({ allowed: false, reason: 'already_returned' });
  });

  it.each(RENTAL_ACTIONS)('%s has its schemas: the form as typed gives a body its API takes, naming the same fields', (action) => {
    const { input, form } = counterActionOf(action);
    expect(input).toBeInstanceOf(z.ZodType);
    expect(input.safeParse({ unknown_field: true }).success).toBe(false);
    if (!form) {
      expect(input.safeParse({}).success).toBe(true);
      return;
    }
    expect(input.safeParse(exampleBody(action)).error).toBeUndefined();
    expect(form.schema.safeParse(blankCounterForm(form)).success).toBe(false);
    if (input instanceof z.ZodObject) {
      const bodyFields = Object.keys(input.shape);
      for (const field of Object.values(form.fields)) expect(bodyFields).toContain(field);
      if (form.photos) expect(bodyFields).toContain('photos');
    }
    if (form.schema instanceof z.ZodObject) expect(Object.keys(form.fields).sort()).toEqual(Object.keys(form.schema.shape).sort());
  });
});

describe.each(['es', 'en'] as const)('the counter actions\' texts, in %s', (language) => {
  const catalogue = catalogues[language];

  it.each(RENTAL_ACTIONS)('%s has its name, its form\'s title and what it says once done', (action) => {
    expect(textAt(catalogue, `counter.actions.names.${action}`)).toEqual(expect.any(String));
    const { messages } = COUNTER_ACTION_FORMS[action];
    expect(textAt(catalogue, `counterActions.${messages}.title`)).toEqual(expect.any(String));
    expect(textAt(catalogue, `counterActions.${messages}.done`)).toEqual(expect.any(String));
  });

  it('says every refusal, on the form and in the list of what is not available', () => {
    for (const reason of RENTAL_REFUSALS) {
      expect(textAt(catalogue, `counterActions.errors.${reason}`), reason).toEqual(expect.any(String));
      expect(textAt(catalogue, `counter.actions.reasons.${reason}`), reason).toEqual(expect.any(String));
    }
  });

  it.each(RENTAL_ACTIONS)('%s says every issue of its form, empty or mistyped', (action) => {
    const { form } = counterActionOf(action);
    if (!form) return;
    const blank = blankCounterForm(form);
    const mistyped = Object.fromEntries(Object.keys(blank).map((field) => [field, 'x'.repeat(2_001)]));
    for (const values of [blank, mistyped]) {
      const keys = (form.schema.safeParse(values).error?.issues ?? []).map((issue) => issue.message).filter((message) => message.startsWith('counterActions.'));
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(textAt(catalogue, key), key).toEqual(expect.any(String));
    }
  });
});

describe('the counter actions, reached through the storefront', () => {
  const post = (path: string, body: unknown) =>
    POST(
      new NextRequest(`https://firefly.test/api/counter/reservations/${NUMBER}/${path}`, {
        method: 'POST',
        headers: { authorization: 'Bearer tok', 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({ number: NUMBER, action: path }) },
    );

  it.each(RENTAL_ACTIONS)('%s through POST /api/counter/reservations/{number}/{path}', async (action) => {
    const { path } = COUNTER_ACTIONS[action];
    const body = exampleBody(action);
    const response = await post(path, body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ reservation_number: NUMBER, path });
    expect(recordCounterAction).toHaveBeenCalledExactlyOnceWith('tok', NUMBER, path, body);
  });

  it('answers an address no action has as the API\'s unknown path, recording nothing', async () => {
    const response = await post('not-an-action', { mileage: 1 });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe('path');
    expect(recordCounterAction).not.toHaveBeenCalled();
  });

  it.each(RENTAL_ACTIONS)('%s through its form on the counter page and the server action', async (action) => {
    const { path, form } = counterActionOf(action);
    expect(COUNTER_ACTION_FORMS[action].Form).toEqual(expect.any(Function));
    const data = new FormData();
    for (const [name, value] of Object.entries(form?.example ?? {})) data.set(name, value);
    expect(await counterAction(action, NUMBER, data)).toEqual({ ok: true });
    const expected = form ? form.bodyOf(form.schema.parse(form.example), []) : {};
    expect(recordCounterAction).toHaveBeenCalledExactlyOnceWith('tok', NUMBER, path, expected);
  });

  it('refuses an action the registry does not have, recording nothing', async () => {
    expect(await counterAction('not-an-action', NUMBER, new FormData())).toMatchObject({ ok: false, formError: { message: 'counterActions.errors.invalid' } });
    expect(recordCounterAction).not.toHaveBeenCalled();
  });

  it('shows a refusal naming a body field under the form\'s field', async () => {
    recordCounterAction.mockResolvedValue({ ok: false, refusal: { status: 422, code: 'DEPOSIT_KEEP_REFUSED', message: '', reason: 'no_deposit', field: 'deposit_kept_amount', max: 0 } });
    const data = new FormData();
    for (const [name, value] of Object.entries(COUNTER_ACTIONS.return.form.example)) data.set(name, value);
    expect(await counterAction('return', NUMBER, data)).toEqual({ ok: false, errors: { depositKept: { message: 'counterActions.errors.no_deposit', params: { max: '$0.00' } } } });
  });
});
