// Without BRAND the storefront refuses to build and to start, saying which variable to set (spec: "No brand specified").
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WEB_DIR, cloneBuild, freePort, spawnNext } from './storefront-process';

const NO_BRAND = /No brand specified on next config: set the BRAND environment variable to one of: firefly, hertz, thrifty, dollar/;

describe('a storefront without BRAND', () => {
  const build = cloneBuild('no-brand');
  afterAll(() => build.remove());

  it('refuses to build, naming the variable and the allowed brands', async () => {
    const distDir = '.next-process-no-brand-build';
    try {
      const next = spawnNext('build', [], { NEXT_DIST_DIR: distDir});
      expect(await next.exited).not.toBe(0);
      expect(next.output()).toMatch(NO_BRAND);
    } finally {
      rmSync(join(WEB_DIR, distDir), { recursive: true, force: true });
    }
  });

  it('refuses to start from a finished build: it exits and never answers', async () => {
    const port = await freePort();
    const next = spawnNext('start', ['--hostname', '127.0.0.1', '--port', String(port)], { NEXT_DIST_DIR: build.distDir});
    try {
      expect(await next.exited).not.toBe(0);
      expect(next.output()).toMatch(NO_BRAND);
      await expect(fetch(`http://127.0.0.1:${port}/robots.txt`)).rejects.toThrow();
    } finally {
      await next.stop();
    }
  });

  it('refuses an unknown brand the same way', async () => {
    const next = spawnNext('start', ['--hostname', '127.0.0.1', '--port', String(await freePort())], { BRAND: 'avis', NEXT_DIST_DIR: build.distDir});
    try {
      expect(await next.exited).not.toBe(0);
      expect(next.output()).toMatch(/BRAND/);
      expect(next.output()).toMatch(/avis/);
    } finally {
      await next.stop();
    }
  });
});
