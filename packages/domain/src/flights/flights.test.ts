import { describe, expect, it } from 'vitest';
import { checkFlightNumber, createDeliveryChoiceSchema, normalizeFlightNumber } from './index';
import { normalizeFlightNumber as precheckinNormalize } from '../precheckin';

describe('normalizeFlightNumber', () => {
  it.each([
    ['CM123', 'CM123'],
    ['cm 123', 'CM123'],
    ['Cm 0123', 'CM0123'],
    ['b6 9', 'B69'],
    ['3k-1234', '3K1234'],
  ])('reads %s as %s', (typed, normalized) => {
    expect(normalizeFlightNumber(typed)).toBe(normalized);
  });

  it.each(['', 'CM', '123', 'CM12345', '12 345', 'COPA 123', 'CM 12.3'])('refuses %j', (typed) => {
    expect(normalizeFlightNumber(typed)).toBeNull();
  });

  it('is the rule the pre-check-in uses too', () => {
    expect(precheckinNormalize).toBe(normalizeFlightNumber);
  });
});

describe('checkFlightNumber', () => {
  it('needs one for an option that meets a flight, and keeps it normalized', () => {
    expect(checkFlightNumber(true, '')).toEqual({ ok: false, problem: 'flight_number_required' });
    expect(checkFlightNumber(true, '   ')).toEqual({ ok: false, problem: 'flight_number_required' });
    expect(checkFlightNumber(true, undefined)).toEqual({ ok: false, problem: 'flight_number_required' });
    expect(checkFlightNumber(true, 'cm 404')).toEqual({ ok: true, flightNumber: 'CM404' });
  });

  it('needs none otherwise, but refuses what is not a flight number', () => {
    expect(checkFlightNumber(false, null)).toEqual({ ok: true, flightNumber: undefined });
    expect(checkFlightNumber(false, 'av 12')).toEqual({ ok: true, flightNumber: 'AV12' });
    expect(checkFlightNumber(false, 'tomorrow')).toEqual({ ok: false, problem: 'flight_number_invalid' });
    expect(checkFlightNumber(true, 'CM 1'.padEnd(40, ' ') + '2')).toEqual({ ok: false, problem: 'flight_number_invalid' });
  });
});

describe('createDeliveryChoiceSchema', () => {
  const schema = createDeliveryChoiceSchema(['3']);

  it('asks the flight number of the options that meet a flight, with a translated message key', () => {
    const missing = schema.safeParse({ deliveryOptionId: '3', flightNumber: '' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['flightNumber', 'validation.flightNumberRequired']]);
    const wrong = schema.safeParse({ deliveryOptionId: '3', flightNumber: 'Copa' });
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual(['validation.flightNumber']);
  });

  it('gives the flight number normalized, and drops one typed for an option that needs none', () => {
    expect(schema.parse({ deliveryOptionId: '3', flightNumber: 'cm 123' })).toEqual({ deliveryOptionId: '3', flightNumber: 'CM123' });
    expect(schema.parse({ deliveryOptionId: '1', flightNumber: '' })).toEqual({ deliveryOptionId: '1', flightNumber: '' });
    expect(schema.parse({ deliveryOptionId: '', flightNumber: 'CM 123' })).toEqual({ deliveryOptionId: '', flightNumber: '' });
    // The step's other fields pass through.
    expect(schema.parse({ deliveryOptionId: '3', flightNumber: 'av12', quantities: { GPS: '1' } })).toEqual({ deliveryOptionId: '3', flightNumber: 'AV12', quantities: { GPS: '1' } });
  });
});
