import { describe, expect, it } from 'vitest';
import { pathOfTarget } from './request-target';

describe('the path of a request target', () => {
  it('drops the query of the origin form and reads the absolute form a proxy may send', () => {
    expect(pathOfTarget('/es/flota?tipo=suv')).toBe('/es/flota');
    expect(pathOfTarget('/api/quote')).toBe('/api/quote');
    expect(pathOfTarget('http://shop.example/api/quote?x=1')).toBe('/api/quote');
  });

  it('is the root for a target that names no path', () => {
    expect(pathOfTarget(undefined)).toBe('/');
    expect(pathOfTarget('*')).toBe('/');
  });
});
