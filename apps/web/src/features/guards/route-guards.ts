import { DIRECT_ACCESS_ORDER } from '@/features/precheckin';

/**
 * What the reservation guards need of the renter's booking draft (kept on the server, found through its signed
 * cookie): none, one being filled in, or one whose reservation is saved (`done` once the flow is over).
 */
export type DraftState = { reservation: { done: boolean } | undefined } | undefined;

export type GuardContext = {
  /** The renter's booking draft, loaded by enforce-guards.ts. */
  draft: DraftState;
  /** Whether the renter found a reservation for pre-check-in (its signature checked by enforce-guards.ts). */
  precheckinSession: boolean;
  /** The raw value of the flow-step cookie (src/lib/cookies.ts reads it). */
  flowStep: string | undefined;
  precheckinEnabled: boolean;
  /** The page's own step name, for prevent-direct-access. */
  step: string;
};

export type GuardOutcome = { kind: 'allow' } | { kind: 'reject' } | { kind: 'redirect'; to: string };

function reachedStep(reached: string | undefined, step: string): boolean {
  const order: readonly string[] = DIRECT_ACCESS_ORDER;
  const at = order.indexOf(step);
  return reached !== undefined && at >= 0 && order.indexOf(reached) >= at;
}

const allow: GuardOutcome = { kind: 'allow' };
const reject: GuardOutcome = { kind: 'reject' };

const GUARDS = {
  // The thanks page needs a saved reservation; the steps before it need a draft.
  'check-reservation-details': (context: GuardContext) => {
    if (!context.draft) return reject;
    return context.step === 'reservation-thanks' && !context.draft.reservation?.done ? reject : allow;
  },
  // A finished booking has nothing left to pay or confirm: its checkout shows the confirmation instead.
  'check-reservation-success-redirect': (context: GuardContext): GuardOutcome =>
    context.draft?.reservation?.done ? { kind: 'redirect', to: '/reserva/thanks' } : allow,
  'check-precheckin-module-enable': (context: GuardContext) => (context.precheckinEnabled ? allow : reject),
  // No pre-check-in data exists for a brand whose module is off, whatever cookie is left.
  'check-precheckin-data': (context: GuardContext) => (context.precheckinEnabled && context.precheckinSession ? allow : reject),
  'prevent-direct-access': (context: GuardContext) => (reachedStep(context.flowStep, context.step) ? allow : reject),
} satisfies Record<string, (context: GuardContext) => GuardOutcome>;

export type GuardName = keyof typeof GUARDS;

export class UnknownGuardError extends Error {
  constructor(name: string) {
    super(`Unknown route guard "${name}"`);
    this.name = 'UnknownGuardError';
  }
}

function isGuardName(name: string): name is GuardName {
  return Object.hasOwn(GUARDS, name);
}

/** Runs guards in order; the first that does not allow decides. An unknown guard name is a programming error. */
export function runGuards(names: readonly string[], context: GuardContext): GuardOutcome {
  for (const name of names) {
    if (!isGuardName(name)) throw new UnknownGuardError(name);
    const outcome = GUARDS[name](context);
    if (outcome.kind !== 'allow') return outcome;
  }
  return allow;
}
