import { describe, expect, it } from 'vitest';
import { BOOKING_STEPS } from './booking-draft';
import { requestedStep, stepPath } from './booking-routes';

describe("the step in the URL, in the page's language", () => {
  it('names every step in Spanish on Spanish pages and in English on English pages', () => {
    expect(BOOKING_STEPS.map((step) => stepPath(step, 'es'))).toEqual([
      '/reserva?paso=fechas',
      '/reserva?paso=cobertura',
      '/reserva?paso=extras',
      '/reserva?paso=datos',
    ]);
    expect(BOOKING_STEPS.map((step) => stepPath(step, 'en'))).toEqual([
      '/reserva?step=dates',
      '/reserva?step=coverage',
      '/reserva?step=extras',
      '/reserva?step=details',
    ]);
  });

  it("reads the page's own form as it is", () => {
    expect(requestedStep({ paso: 'cobertura' }, 'es')).toEqual({ step: 'coverage', inPageLanguage: true });
    expect(requestedStep({ step: 'details', utm_source: 'mail' }, 'en')).toEqual({ step: 'client', inPageLanguage: true });
  });

  it("reads old links and the other language's form as the same step, to be redirected to the page's form", () => {
    expect(requestedStep({ paso: 'coverage' }, 'es')).toEqual({ step: 'coverage', inPageLanguage: false });
    expect(requestedStep({ paso: 'coverage' }, 'en')).toEqual({ step: 'coverage', inPageLanguage: false });
    expect(requestedStep({ paso: 'datos' }, 'en')).toEqual({ step: 'client', inPageLanguage: false });
    expect(requestedStep({ step: 'dates' }, 'es')).toEqual({ step: 'location', inPageLanguage: false });
    expect(requestedStep({ step: 'client' }, 'en')).toEqual({ step: 'client', inPageLanguage: false });
  });

  it('finds no step in a query that names none', () => {
    expect(requestedStep({}, 'es')).toEqual({ step: undefined, inPageLanguage: false });
    expect(requestedStep({ paso: 'pago' }, 'es')).toEqual({ step: undefined, inPageLanguage: false });
    expect(requestedStep({ step: ['coverage', 'extras'] }, 'en')).toEqual({ step: undefined, inPageLanguage: false });
  });
});
