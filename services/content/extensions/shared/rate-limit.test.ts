import { describe, expect, it } from 'vitest';
import { checkRateRule, hitOutcome } from './rate-limit';

describe('a rate-limit rule', () => {
  it('is read from the body, or from one of its fields', () => {
    expect(checkRateRule({ key: 'ip:1', limit: 5, window_seconds: 60 })).toEqual({ rule: { key: 'ip:1', limit: 5, windowSeconds: 60 } });
    expect(checkRateRule({ key: 'ip:1', limit: 0, window_seconds: 60 }, 'hold_limit')).toEqual({ problem: { field: 'hold_limit.limit', message: '"limit" must be an integer >= 1' } });
  });

  it('names what is wrong', () => {
    expect(checkRateRule(null)).toEqual({ problem: { field: null, message: 'The body must be a JSON object { key, limit, window_seconds }' } });
    expect(checkRateRule([], 'hold_limit')).toEqual({ problem: { field: 'hold_limit', message: '"hold_limit" must be a JSON object { key, limit, window_seconds }' } });
    expect(checkRateRule({ key: '', limit: 1, window_seconds: 1 })).toEqual({ problem: { field: 'key', message: '"key" must be a string of 1 to 255 characters' } });
    expect(checkRateRule({ key: 'k', limit: 1, window_seconds: 366 * 86_400 + 1 })).toEqual({
      problem: { field: 'window_seconds', message: '"window_seconds" must be an integer from 1 to 31622400' },
    });
  });
});

describe('a counted hit', () => {
  it('is allowed up to the limit, then says when to come back (at least a second)', () => {
    expect(hitOutcome(3, 60_000, 5, 0)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(hitOutcome(6, 60_000, 5, 30_500)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 30 });
    expect(hitOutcome(6, 60_000, 5, 59_990)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
  });
});
