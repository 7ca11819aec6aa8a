import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReload, RELOAD_GUARD_MS } from './build-version';

describe('chunk load errors', () => {
  it('recognises the errors a missing chunk throws, in each browser', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'Loading chunk 123 failed.' })).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk app/layout failed.\n(error: /_next/static/chunks/x.js)'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_next/static/chunks/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('leaves every other error to the error screen', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('the reload guard', () => {
  it('reloads at most once in ten seconds', () => {
    const now = 1_000_000;
    expect(mayReload(undefined, now)).toBe(true);
    expect(mayReload(now - 1_000, now)).toBe(false);
    expect(mayReload(now - RELOAD_GUARD_MS + 1, now)).toBe(false);
    expect(mayReload(now - RELOAD_GUARD_MS, now)).toBe(true);
    // A clock set back, or garbage in storage, never blocks for good.
    expect(mayReload(now + 60_000, now)).toBe(true);
    expect(mayReload(Number.NaN, now)).toBe(true);
  });
});
