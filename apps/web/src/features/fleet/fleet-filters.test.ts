import { describe, expect, it } from 'vitest';
import { FLEET_FILTER_PARAMS } from '@/lib/public-urls';
import { filtersFromSearchParams, filtersFromSegments, filtersToQuery, filtersToSegments, publicFleetPath } from './fleet-filters';
import { slugify } from '@/lib/slug';

// The addresses' own words, as renters see them.
const { type, make } = FLEET_FILTER_PARAMS;

describe('fleet filters in the URL', () => {
  it('reads type and make from the query, normalising values and dropping junk', () => {
    expect(filtersFromSearchParams(new URLSearchParams(`${type}=SUV&${make}=Toyota`))).toEqual({ type: 'suv', make: 'toyota' });
    expect(filtersFromSearchParams(new URLSearchParams(`${make}=Mercedes Benz`))).toEqual({ make: 'mercedes-benz' });
    expect(filtersFromSearchParams(new URLSearchParams('tipo=<script>'))).toEqual({ type: 'script' });
    expect(filtersFromSearchParams(new URLSearchParams('tipo=%%%&other=1'))).toEqual({});
  });

  it('round-trips through internal path segments in a fixed order', () => {
    const filters = { make: 'kia', type: 'sedan' };
    expect(filtersToSegments(filters)).toEqual([type, 'sedan', make, 'kia']);
    expect(filtersFromSegments(filtersToSegments(filters))).toEqual(filters);
    expect(filtersFromSegments(undefined)).toEqual({});
  });

  it('rejects segments that are not a filter path', () => {
    expect(filtersFromSegments(['tipo'])).toBeUndefined();
    expect(filtersFromSegments(['color', 'red'])).toBeUndefined();
    expect(filtersFromSegments(['tipo', 'suv', 'tipo', 'van'])).toBeUndefined();
    expect(filtersFromSegments(['tipo', 'SUV!'])).toBeUndefined();
  });

  it('builds the public query and maps internal paths back to it', () => {
    expect(filtersToQuery({ type: 'suv' })).toBe('?tipo=suv');
    expect(filtersToQuery({})).toBe('');
    expect(publicFleetPath(`/flota/${type}/suv/${make}/kia`)).toBe(`/flota?${type}=suv&${make}=kia`);
    expect(publicFleetPath('/sucursales')).toBe('/sucursales');
  });

  it('slugifies makes with accents and spaces', () => {
    expect(slugify(' Citroën C-Élysée ')).toBe('citroen-c-elysee');
  });
});
