import { describe, expect, it, vi } from 'vitest';

vi.mock('./env', () => ({ serverEnv: () => ({ sessionSecret: 'a-test-secret-of-at-least-thirty-two-chars' }) }));

const { signValue, verifySignedValue } = await import('./signed-value');

describe('signed values', () => {
  it('give back the value whose signature holds', () => {
    expect(verifySignedValue('draft', signValue('draft', 'f3a1c2d4-id'))).toBe('f3a1c2d4-id');
  });

  it('refuse a changed value, a changed signature, another purpose and nonsense', () => {
    const signed = signValue('draft', 'abc');
    expect(verifySignedValue('draft', signed.replace('abc', 'abd'))).toBeUndefined();
    expect(verifySignedValue('draft', `${signed.slice(0, -1)}x`)).toBeUndefined();
    expect(verifySignedValue('manage', signed)).toBeUndefined();
    expect(verifySignedValue('draft', 'no-signature')).toBeUndefined();
    expect(verifySignedValue('draft', undefined)).toBeUndefined();
  });
});
