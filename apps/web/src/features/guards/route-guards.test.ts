import { describe, expect, it } from 'vitest';
import { runGuards, UnknownGuardError, type GuardContext } from './route-guards';

function context(cookies: { session?: boolean; flow_step?: string }, overrides: Partial<GuardContext> = {}): GuardContext {
  return {
    draft: undefined,
    precheckinSession: cookies.session ?? false,
    flowStep: cookies.flow_step,
    precheckinEnabled: true,
    step: 'precheckin-checkout',
    ...overrides,
  };
}

describe('route guards', () => {
  it('rejects the reservation pages without a draft', () => {
    expect(runGuards(['check-reservation-details'], context({}, { step: 'reservation-details' }))).toEqual({ kind: 'reject' });
    expect(runGuards(['check-reservation-details'], context({}, { step: 'reservation-details', draft: { reservation: undefined } }))).toEqual({ kind: 'allow' });
  });

  it('opens the thanks page only for a finished booking', () => {
    const step = 'reservation-thanks';
    expect(runGuards(['check-reservation-details'], context({}, { step, draft: { reservation: undefined } }))).toEqual({ kind: 'reject' });
    expect(runGuards(['check-reservation-details'], context({}, { step, draft: { reservation: { done: false } } }))).toEqual({ kind: 'reject' });
    expect(runGuards(['check-reservation-details'], context({}, { step, draft: { reservation: { done: true } } }))).toEqual({ kind: 'allow' });
  });

  it('sends a finished booking from checkout to the thanks page', () => {
    const guards = ['check-reservation-details', 'check-reservation-success-redirect'];
    expect(runGuards(guards, context({}, { step: 'reservation-checkout', draft: { reservation: { done: true } } }))).toEqual({ kind: 'redirect', to: '/reserva/thanks' });
    expect(runGuards(guards, context({}, { step: 'reservation-checkout', draft: { reservation: { done: false } } }))).toEqual({ kind: 'allow' });
  });

  it('opens pre-check-in only when the brand enables it', () => {
    expect(runGuards(['check-precheckin-module-enable'], context({}, { precheckinEnabled: false }))).toEqual({ kind: 'reject' });
    expect(runGuards(['check-precheckin-module-enable'], context({}))).toEqual({ kind: 'allow' });
  });

  it('needs pre-check-in data and the previous step for checkout', () => {
    const guards = ['check-precheckin-data', 'prevent-direct-access'];
    expect(runGuards(guards, context({ session: true }))).toEqual({ kind: 'reject' });
    expect(runGuards(guards, context({ session: true, flow_step: 'precheckin-checkout' }))).toEqual({ kind: 'allow' });
    expect(runGuards(guards, context({ flow_step: 'precheckin-checkout' }))).toEqual({ kind: 'reject' });
    expect(runGuards(guards, context({ session: true, flow_step: 'reservation-checkout' }))).toEqual({ kind: 'reject' });
  });

  it('keeps pages the renter already reached open (the back button), never later ones', () => {
    expect(runGuards(['prevent-direct-access'], context({ flow_step: 'precheckin-thanks' }))).toEqual({ kind: 'allow' });
    expect(runGuards(['prevent-direct-access'], context({ flow_step: 'precheckin-checkout' }, { step: 'precheckin-thanks' }))).toEqual({ kind: 'reject' });
    expect(runGuards(['prevent-direct-access'], context({ flow_step: 'precheckin-thanks' }, { step: 'precheckin-thanks' }))).toEqual({ kind: 'allow' });
  });

  it('has no pre-check-in data when the module is off', () => {
    expect(runGuards(['check-precheckin-data'], context({ session: true }, { precheckinEnabled: false }))).toEqual({ kind: 'reject' });
  });

  it('raises an error for an unknown guard name', () => {
    expect(() => runGuards(['check-everything'], context({}))).toThrow(UnknownGuardError);
    expect(() => runGuards(['toString'], context({}))).toThrow('Unknown route guard "toString"');
  });
});
