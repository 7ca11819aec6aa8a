import { describe, expect, it } from 'vitest';
import { routeLabeller, type RoutesManifest } from './route-labels';

// The shape of a build's routes manifest (apps/web/.next/routes-manifest.json), with a few of the storefront's routes.
const manifest: RoutesManifest = {
  staticRoutes: [
    { page: '/api/quote', regex: '^/api/quote(?:/)?$' },
    { page: '/robots.txt', regex: '^/robots\\.txt(?:/)?$' },
    { page: '/builds/latest.json', regex: '^/builds/latest\\.json(?:/)?$' },
  ],
  dynamicRoutes: [
    { page: '/api/reservations/[number]', regex: '^/api/reservations/([^/]+?)(?:/)?$' },
    { page: '/api/reservations/[number]/payments', regex: '^/api/reservations/([^/]+?)/payments(?:/)?$' },
    { page: '/api/[...path]', regex: '^/api/(.+?)(?:/)?$' },
    { page: '/[locale]', regex: '^/([^/]+?)(?:/)?$' },
    { page: '/[locale]/flota/disponibilidad/[...search]', regex: '^/([^/]+?)/flota/disponibilidad/(.+?)(?:/)?$' },
    { page: '/[locale]/flota/[[...filter]]', regex: '^/([^/]+?)/flota(?:/(.+?))?(?:/)?$' },
    { page: '/[locale]/reserva', regex: '^/([^/]+?)/reserva(?:/)?$' },
    { page: '/[locale]/[...rest]', regex: '^/([^/]+?)/(.+?)(?:/)?$' },
  ],
  rsc: { suffix: '.rsc', prefetchSegmentDirSuffix: '.segments' },
};

const { label } = routeLabeller(manifest, { locales: ['es', 'en'], defaultLocale: 'es' });

describe('the route a request is counted under', () => {
  it('is the page a language-prefixed address reaches, whatever its query', () => {
    expect(label('/es/flota')).toBe('/[locale]/flota/[[...filter]]');
    expect(label('/en/flota/tipo/suv')).toBe('/[locale]/flota/[[...filter]]');
    expect(label('/es/flota/disponibilidad/PTY/2026-12-01T10:00/2026-12-04T10:00/PTY')).toBe('/[locale]/flota/disponibilidad/[...search]');
    expect(label('/en')).toBe('/[locale]');
    expect(label('/es/reserva?paso=location')).toBe('/[locale]/reserva');
  });

  it('is the page an address without a language is served as', () => {
    expect(label('/')).toBe('/[locale]');
    expect(label('/flota?pickup_branch=PTY&pickup_date=2026-12-01')).toBe('/[locale]/flota/[[...filter]]');
    expect(label('/reserva')).toBe('/[locale]/reserva');
    expect(label('/no-such-page')).toBe('/[locale]/[...rest]');
  });

  it('is the API route, with its parameters as Next names them', () => {
    expect(label('/api/quote')).toBe('/api/quote');
    expect(label('/api/reservations/FF-ABC123')).toBe('/api/reservations/[number]');
    expect(label('/api/reservations/FF-ABC123/payments')).toBe('/api/reservations/[number]/payments');
    expect(label('/api/unknown/thing')).toBe('/api/[...path]');
  });

  it("names Next's own files, the client router's payloads and the files at the root", () => {
    expect(label('/_next/static/chunks/app-123.js')).toBe('/_next/static');
    expect(label('/_next/image?url=x')).toBe('/_next');
    expect(label('/es/flota.rsc')).toBe('/[locale]/flota/[[...filter]]');
    expect(label('/es/flota.segments/_tree.segment.rsc')).toBe('/[locale]/flota/[[...filter]]');
    expect(label('/robots.txt')).toBe('/robots.txt');
    expect(label('/builds/latest.json?t=1')).toBe('/builds/latest.json');
  });

  it('gives endless distinct addresses a handful of labels', () => {
    const labels = new Set<string>();
    for (let index = 0; index < 12_000; index += 1) {
      labels.add(label(`/es/flota/disponibilidad/PTY/2026-12-01T10:00/2026-12-${String(index)}T10:00/PTY`));
      labels.add(label(`/api/reservations/FF-${String(index)}`));
      labels.add(label(`/${String(index)}`));
    }
    expect([...labels].sort()).toEqual(['/[locale]/[...rest]', '/[locale]/flota/disponibilidad/[...search]', '/api/reservations/[number]']);
  });
});
