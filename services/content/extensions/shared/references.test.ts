import { describe, expect, it } from 'vitest';
import { createReferences } from './references';

const references = createReferences('a-secret-of-the-content-service-0123456789');

describe('references to renters\' records', () => {
  it('names the record it was made for, of its kind', () => {
    const reference = references.sign('reservation', 42);
    expect(reference).toMatch(/^42\.[A-Za-z0-9_-]{22}$/);
    expect(references.read('reservation', reference)).toBe('42');
    const draft = references.sign('draft', '0b6c5b1e-1f2a-4c3d-9e8f-123456789abc');
    expect(references.read('draft', draft)).toBe('0b6c5b1e-1f2a-4c3d-9e8f-123456789abc');
  });

  it('refuses a reference for another id, another kind, another key, or malformed', () => {
    const reference = references.sign('reservation', 42);
    const mac = reference.split('.')[1];
    expect(references.read('reservation', `43.${mac}`)).toBeNull();
    expect(references.read('draft', reference)).toBeNull();
    expect(createReferences('another-secret-0123456789-0123456789').read('reservation', reference)).toBeNull();
    for (const bad of ['42', '.abc', '42.', `42.${mac}x`, `4 2.${mac}`, 42, null, undefined, {}]) expect(references.read('reservation', bad)).toBeNull();
  });

  it('gives the reservation id a reservation reference names, as a number', () => {
    expect(references.readReservationId(references.sign('reservation', 42))).toBe(42);
    expect(references.readReservationId(references.sign('reservation', '9007199254740991'))).toBe(9_007_199_254_740_991);
  });

  it('gives no reservation id for a draft\'s reference, a forged one, or one whose id is no reservation id', () => {
    expect(references.readReservationId(references.sign('draft', 42))).toBeNull();
    const mac = references.sign('reservation', 42).split('.')[1];
    expect(references.readReservationId(`43.${mac}`)).toBeNull();
    // Signed here, yet no id a reservation can have: zero, a leading zero, a word, past the integers a number holds.
    for (const id of ['0', '042', 'abc', '-1', '9007199254740993']) {
      expect(references.readReservationId(references.sign('reservation', id)), id).toBeNull();
    }
    for (const bad of ['42', 42, null, undefined, {}]) expect(references.readReservationId(bad)).toBeNull();
  });

  it('needs a secret', () => {
    expect(() => createReferences('')).toThrow(/SECRET/);
  });
});
