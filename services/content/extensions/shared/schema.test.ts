import { BRANDS } from '@rentacar/domain/brands';
import { describe, expect, it } from 'vitest';
import { BRANDS as SCHEMA_BRANDS } from '../../schema/model.mjs';

// schema/model.mjs runs as plain JavaScript (the snapshot build, the start-up reconcile), which cannot import the
// domain's TypeScript: its brand list, the choices of every `brand` field, must stay the domain's.
describe('the content model', () => {
  it('offers the domain\'s brands', () => {
    expect(SCHEMA_BRANDS).toEqual([...BRANDS]);
  });
});
