import { z } from 'zod';

/** The reservation draft as the booking flow stores it in its cookie. */
export const reservationDraftSchema = z.object({
  carId: z.string().min(1),
  pickupBranch: z.string().min(1),
  returnBranch: z.string().min(1),
  pickupAt: z.string().min(1),
  returnAt: z.string().min(1),
  coverage: z.string().optional(),
  reservationId: z.string().optional(),
  status: z.enum(['unpaid', 'paid', 'cancelled']).default('unpaid'),
});
export type ReservationDraft = z.infer<typeof reservationDraftSchema>;

export const precheckinSessionSchema = z.object({ reservationNumber: z.string().min(1), email: z.email() });

export type GuardContext = {
  /** The raw values of the flow's cookies (src/lib/cookies.ts reads them). */
  cookies: { draft: string | undefined; precheckin: string | undefined; flowStep: string | undefined };
  precheckinEnabled: boolean;
  /** The page's own step name, for prevent-direct-access. */
  step: string;
};

export type GuardOutcome = { kind: 'allow' } | { kind: 'reject' } | { kind: 'redirect'; to: string };

export function parseJsonCookie<T>(raw: string | undefined, schema: z.ZodType<T>): T | undefined {
  if (!raw) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const allow: GuardOutcome = { kind: 'allow' };
const reject: GuardOutcome = { kind: 'reject' };

const GUARDS = {
  'check-reservation-details': (context: GuardContext) =>
    parseJsonCookie(context.cookies.draft, reservationDraftSchema) ? allow : reject,
  'check-reservation-success-redirect': (context: GuardContext): GuardOutcome => {
    const draft = parseJsonCookie(context.cookies.draft, reservationDraftSchema);
    return draft?.status === 'paid' ? { kind: 'redirect', to: '/reserva/thanks' } : allow;
  },
  'check-precheckin-module-enable': (context: GuardContext) => (context.precheckinEnabled ? allow : reject),
  'check-precheckin-data': (context: GuardContext) =>
    parseJsonCookie(context.cookies.precheckin, precheckinSessionSchema) ? allow : reject,
  'prevent-direct-access': (context: GuardContext) => (context.cookies.flowStep === context.step ? allow : reject),
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
