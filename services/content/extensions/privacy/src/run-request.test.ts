import { describe, expect, it } from 'vitest';
import { checkProof, checkRunRequest } from './run-request';

const clock = new Date('2030-01-01T00:00:00Z');

describe('POST /retention/run body', () => {
  it('runs now without a body, or at the instant and on the records given', () => {
    expect(checkRunRequest(undefined, clock)).toEqual({ request: { now: clock } });
    expect(checkRunRequest({ now: '2031-02-03T04:05:06-05:00', only: { precheckins: [1, 2], reservation_drafts: ['a-b'] } }, clock)).toEqual({
      request: { now: new Date('2031-02-03T09:05:06Z'), only: { precheckins: [1, 2], reservation_drafts: ['a-b'] } },
    });
  });

  it('names the field it refuses', () => {
    const field = (body: unknown) => {
      const checked = checkRunRequest(body, clock);
      return 'problem' in checked ? checked.problem.field : 'accepted';
    };
    expect(field({ now: '2031-02-03' })).toBe('now');
    expect(field({ now: 5 })).toBe('now');
    expect(field({ only: { payments: [1] } })).toBe('only.payments');
    expect(field({ only: { precheckins: 'all' } })).toBe('only.precheckins');
    expect(field({ when: 'now' })).toBe('when');
    expect(field([])).toBeNull();
  });
});

describe('data-rights proof', () => {
  it('takes the number in upper case and the e-mail as given', () => {
    expect(checkProof({ reservation_number: ' ff-7k3m9q ', email: ' Ana@Example.com', language: 'en-US' })).toEqual({
      proof: { reservationNumber: 'FF-7K3M9Q', email: 'Ana@Example.com', language: 'en-US' },
    });
  });

  it('refuses a missing or malformed field, naming it', () => {
    const field = (body: unknown) => {
      const checked = checkProof(body);
      return 'problem' in checked ? checked.problem.field : 'accepted';
    };
    expect(field({ email: 'ana@example.com' })).toBe('reservation_number');
    expect(field({ reservation_number: 'FF-1', email: 'ana' })).toBe('email');
    expect(field({ reservation_number: 'FF-1', email: 'ana@example.com', language: 'fr' })).toBe('language');
    expect(field({ reservation_number: 'FF-1', email: 'ana@example.com', id: 3 })).toBe('id');
  });
});
