import type { Accountability } from '@directus/types';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { onlyAdministrators } from './endpoint';

type Answer = { status: number | null; body: unknown; passed: boolean };

/** Runs the gate for a caller with `accountability` and reports what it did: answered, or let the route run. */
function callAs(accountability: Partial<Accountability> | null | undefined): Answer {
  const answer: Answer = { status: null, body: null, passed: false };
  const res = {
    status(code: number) {
      answer.status = code;
      return this;
    },
    json(body: unknown) {
      answer.body = body;
      return this;
    },
  };
  const req = { accountability } as unknown as Request;
  onlyAdministrators('run the retention job')(req, res as unknown as Response, () => {
    answer.passed = true;
  });
  return answer;
}

const STOREFRONT_USER = { user: 'storefront-user', admin: false, role: 'storefront-role', roles: ['storefront-role'] };

describe('the administrator gate', () => {
  it('lets an administrator through, without answering', () => {
    expect(callAs({ user: 'admin-user', admin: true })).toEqual({ status: null, body: null, passed: true });
  });

  it('answers 401 INVALID_CREDENTIALS to a caller without a token', () => {
    for (const anonymous of [undefined, null, { user: null, admin: false }]) {
      expect(callAs(anonymous), JSON.stringify(anonymous)).toEqual({
        status: 401,
        body: { errors: [{ message: 'A valid access token is required', extensions: { code: 'INVALID_CREDENTIALS' } }] },
        passed: false,
      });
    }
  });

  it('answers 403 FORBIDDEN, naming the action, to any other user, the storefront included', () => {
    expect(callAs(STOREFRONT_USER)).toEqual({
      status: 403,
      body: { errors: [{ message: 'Only administrators may run the retention job', extensions: { code: 'FORBIDDEN' } }] },
      passed: false,
    });
  });
});
