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

  it('needs a secret', () => {
    expect(() => createReferences('')).toThrow(/SECRET/);
  });
});
