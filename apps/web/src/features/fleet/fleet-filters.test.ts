import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams, filtersFromSegments, filtersToQuery, filtersToSegments, publicFleetPath, slugifyFilterValue } from './fleet-filters';

describe('fleet filters in the URL', () => {
  it('reads type and make from the query, normalising values and dropping junk', () => {
    expect(filtersFromSearchParams(new URLSearchParams('tipo=SUV&marca=Toyota'))).toEqual({ tipo: 'suv', marca: 'toyota' });
    expect(filtersFromSearchParams(new URLSearchParams('marca=Mercedes Benz'))).toEqual({ marca: 'mercedes-benz' });
    expect(filtersFromSearchParams(new URLSearchParams('tipo=<script>'))).toEqual({ tipo: 'script' });
    expect(filtersFromSearchParams(new URLSearchParams('tipo=%%%&other=1'))).toEqual({});
  });

  it('round-trips through internal path segments in a fixed order', () => {
    const filters = { marca: 'kia', tipo: 'sedan' };
    expect(filtersToSegments(filters)).toEqual(['tipo', 'sedan', 'marca', 'kia']);
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
    expect(filtersToQuery({ tipo: 'suv' })).toBe('?tipo=suv');
    expect(filtersToQuery({})).toBe('');
    expect(publicFleetPath('/flota/tipo/suv/marca/kia')).toBe('/flota?tipo=suv&marca=kia');
    expect(publicFleetPath('/sucursales')).toBe('/sucursales');
  });

  it('slugifies makes with accents and spaces', () => {
    expect(slugifyFilterValue(' Citroën C-Élysée ')).toBe('citroen-c-elysee');
  });
});
