import { describe, expect, it } from 'vitest';
import { runGuards, UnknownGuardError, type GuardContext } from './route-guards';

const draft = JSON.stringify({ carId: '7', pickupBranch: 'PTY', returnBranch: 'PTY', pickupAt: '2026-12-01T10:00', returnAt: '2026-12-04T10:00' });

function context(cookies: Record<string, string>, overrides: Partial<GuardContext> = {}): GuardContext {
  return {
    cookies: { draft: cookies.reservation_draft, precheckin: cookies.precheckin_session, flowStep: cookies.flow_step },
    precheckinEnabled: true,
    step: 'precheckin-checkout',
    ...overrides,
  };
}

describe('route guards', () => {
  it('rejects the reservation pages without a valid draft', () => {
    expect(runGuards(['check-reservation-details'], context({}))).toEqual({ kind: 'reject' });
    expect(runGuards(['check-reservation-details'], context({ reservation_draft: '{not json' }))).toEqual({ kind: 'reject' });
    expect(runGuards(['check-reservation-details'], context({ reservation_draft: '{"carId":""}' }))).toEqual({ kind: 'reject' });
    expect(runGuards(['check-reservation-details'], context({ reservation_draft: draft }))).toEqual({ kind: 'allow' });
  });

  it('sends a paid reservation from checkout to the thanks page', () => {
    const paid = JSON.stringify({ ...JSON.parse(draft), status: 'paid' });
    expect(runGuards(['check-reservation-details', 'check-reservation-success-redirect'], context({ reservation_draft: paid }))).toEqual({
      kind: 'redirect',
      to: '/reserva/thanks',
    });
  });

  it('opens pre-check-in only when the brand enables it', () => {
    expect(runGuards(['check-precheckin-module-enable'], context({}, { precheckinEnabled: false }))).toEqual({ kind: 'reject' });
    expect(runGuards(['check-precheckin-module-enable'], context({}))).toEqual({ kind: 'allow' });
  });

  it('needs pre-check-in data and the previous step for checkout', () => {
    const session = JSON.stringify({ reservationNumber: 'FF-7K3M9Q', email: 'ana@example.com' });
    const guards = ['check-precheckin-data', 'prevent-direct-access'];
    expect(runGuards(guards, context({ precheckin_session: session }))).toEqual({ kind: 'reject' });
    expect(runGuards(guards, context({ precheckin_session: session, flow_step: 'precheckin-checkout' }))).toEqual({ kind: 'allow' });
    expect(runGuards(guards, context({ flow_step: 'precheckin-checkout' }))).toEqual({ kind: 'reject' });
  });

  it('raises an error for an unknown guard name', () => {
    expect(() => runGuards(['check-everything'], context({}))).toThrow(UnknownGuardError);
    expect(() => runGuards(['toString'], context({}))).toThrow('Unknown route guard "toString"');
  });
});
