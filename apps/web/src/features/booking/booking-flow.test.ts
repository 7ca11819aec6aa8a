import { describe, expect, it } from 'vitest';
import { canOpenStep, completeStep, firstIncompleteStep, nextStep, previousStep } from './booking-flow';
import type { DraftData } from './booking-draft';

const draft: DraftData = {
  carId: '1',
  pickupBranch: '1',
  returnBranch: '1',
  pickupAt: '2026-12-01T10:00',
  returnAt: '2026-12-04T10:00',
  reservationType: 'postpaid',
  paymentMethod: 'counter',
  era: false,
  extras: [],
  termsAccepted: false,
  completed: [],
};

describe('booking flow steps', () => {
  it('open in order: a later step only after the ones before it, checkout after all', () => {
    expect(canOpenStep('location', draft)).toBe(true);
    expect(canOpenStep('coverage', draft)).toBe(false);
    const located = completeStep(draft, 'location');
    expect(canOpenStep('coverage', located)).toBe(true);
    expect(canOpenStep('checkout', located)).toBe(false);
    expect(firstIncompleteStep(located)).toBe('coverage');
    const all = (['coverage', 'extras', 'client'] as const).reduce(completeStep, located);
    expect(canOpenStep('checkout', all)).toBe(true);
    expect(firstIncompleteStep(all)).toBeUndefined();
  });

  it('know their neighbours', () => {
    expect(nextStep('location')).toBe('coverage');
    expect(nextStep('client')).toBe('checkout');
    expect(previousStep('checkout')).toBe('client');
    expect(previousStep('location')).toBeUndefined();
  });

  it('count a step once', () => {
    expect(completeStep(completeStep(draft, 'location'), 'location').completed).toEqual(['location']);
  });
});
