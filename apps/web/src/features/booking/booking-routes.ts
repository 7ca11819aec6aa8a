import type { Locale } from '@/i18n/routing';
// Only the type: booking-draft.ts is server code, and a client component (checkout-exit.ts) imports these paths.
import type { BookingStep } from './booking-draft';

/** Paths of the booking flow, without the language prefix. */
export const RESERVATION_PATH = '/reserva';
export const CHECKOUT_PATH = '/reserva/checkout';
export const THANKS_PATH = '/reserva/thanks';

/**
 * The flow's step lives in the URL in the page's language: `/reserva?paso=cobertura`, `/en/reserva?step=coverage`.
 * Links written before (`?paso=coverage`) and a link shared across languages still open their step: the page reads
 * either form and redirects to its own.
 */
const STEP_QUERY: Record<Locale, { param: string; values: Record<BookingStep, string> }> = {
  es: { param: 'paso', values: { location: 'fechas', coverage: 'cobertura', extras: 'extras', client: 'datos' } },
  en: { param: 'step', values: { location: 'dates', coverage: 'coverage', extras: 'extras', client: 'details' } },
};

export function stepPath(step: BookingStep, locale: Locale): string {
  const { param, values } = STEP_QUERY[locale];
  return `${RESERVATION_PATH}?${param}=${values[step]}`;
}

/** Every step, read off the names above (their keys are exactly the steps, which the Record's type checks). */
const STEPS = Object.keys(STEP_QUERY.es.values) as BookingStep[];

type SearchParams = Record<string, string | string[] | undefined>;

/** What the URL asks for: a step, and whether the URL already names it in the page's language (else redirect). */
export type RequestedStep = { step: BookingStep | undefined; inPageLanguage: boolean };

function stepNamed(value: string): BookingStep | undefined {
  return STEPS.find((step) => step === value || Object.values(STEP_QUERY).some(({ values }) => values[step] === value));
}

/** The step a query names, in the page's form, the other language's, or the flow's own names of old links. */
export function requestedStep(query: SearchParams, locale: Locale): RequestedStep {
  const own = STEP_QUERY[locale];
  const ownValue = query[own.param];
  if (typeof ownValue === 'string' && STEPS.some((step) => own.values[step] === ownValue)) {
    return { step: stepNamed(ownValue), inPageLanguage: true };
  }
  const anyValue = [ownValue, ...Object.values(STEP_QUERY).map(({ param }) => query[param])].find((value): value is string => typeof value === 'string');
  return { step: anyValue === undefined ? undefined : stepNamed(anyValue), inPageLanguage: false };
}
