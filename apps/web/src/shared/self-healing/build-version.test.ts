import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReload, reloadMark } from './build-version';

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
  const sucursales = 'https://rentacar.example/sucursales';

  it('lets a page reload to an address once per build, whatever the time it took', () => {
    expect(mayReload(null, 'build-a', sucursales)).toBe(true);
    const mark = reloadMark('build-a', sucursales);
    // The reloaded page is the same build and fails again: no second reload, however long the first one took.
    expect(mayReload(mark, 'build-a', sucursales)).toBe(false);
  });

  it('lets a page reload again once the reload reached another build, or for another address', () => {
    const mark = reloadMark('build-a', sucursales);
    expect(mayReload(mark, 'build-b', sucursales)).toBe(true);
    expect(mayReload(mark, 'build-a', 'https://rentacar.example/flota')).toBe(true);
  });

  it('never blocks for good on garbage in storage', () => {
    expect(mayReload('not a mark', 'build-a', sucursales)).toBe(true);
    expect(mayReload('', 'build-a', sucursales)).toBe(true);
  });
});
