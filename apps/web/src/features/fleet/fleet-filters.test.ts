import { describe, expect, it } from 'vitest';
import { FLEET_FILTER_PARAMS } from '@/lib/public-urls';
import { driverAgeOf, filtersFromSearchParams, fleetSearchFromParams, filtersFromSegments, filtersToQuery, filtersToSegments, publicFleetPath, searchFromSegments, searchToSegments, sortCars, sortOf } from './fleet-filters';
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

  it('keeps the sort in the address with the filters, only as one of its known orders', () => {
    expect(filtersFromSearchParams(new URLSearchParams('orden=pasajeros&tipo=suv'))).toEqual({ type: 'suv', sort: 'pasajeros' });
    expect(filtersFromSearchParams(new URLSearchParams('orden=color'))).toEqual({});
    expect(filtersToQuery({ type: 'suv', sort: 'maletas' })).toBe('?tipo=suv&orden=maletas');
    expect(filtersFromSegments(['orden', 'precio'])).toEqual({ sort: 'precio' });
    expect(filtersFromSegments(['orden', 'color'])).toBeUndefined();
    expect(sortOf({ sort: 'maletas' })).toBe('luggage');
    expect(sortOf({})).toBe('price');
  });

  it('sorts by price (cheapest first, unpriced last), or by passengers or luggage (most first, ties by price)', () => {
    const cars = [
      { id: 'a', passengers: 5, bags: 2, price: 3000 },
      { id: 'b', passengers: 7, bags: 2, price: 5000 },
      { id: 'c', passengers: 5, bags: 4, price: 2000 },
      { id: 'd', passengers: 7, bags: 1, price: null },
    ];
    const ids = (sorted: typeof cars) => sorted.map((car) => car.id);
    expect(ids(sortCars(cars, 'price', (car) => car.price))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(sortCars(cars, 'passengers', (car) => car.price))).toEqual(['b', 'd', 'c', 'a']);
    expect(ids(sortCars(cars, 'luggage', (car) => car.price))).toEqual(['c', 'a', 'b', 'd']);
  });

  it('carries a search’s driver’s age in its segments, before the filters, and back', () => {
    const search = { pickup_branch: 'PTY', pickup_date: '2026-12-01', pickup_time: '10:00', return_date: '2026-12-04', return_time: '10:00', return_branch: 'PTY', driver_age: '21' };
    const segments = searchToSegments(search, { type: 'suv' });
    expect(segments).toEqual(['PTY', '2026-12-01T10:00', '2026-12-04T10:00', 'PTY', 'edad', '21', type, 'suv']);
    expect(searchFromSegments(segments ?? [])).toEqual({ search, filters: { type: 'suv' } });
    expect(searchToSegments({ ...search, driver_age: 'young' }, {})).toEqual(['PTY', '2026-12-01T10:00', '2026-12-04T10:00', 'PTY']);
    expect(searchFromSegments(['PTY', '2026-12-01T10:00', '2026-12-04T10:00', 'PTY', 'edad', 'x'])).toBeUndefined();
    expect(driverAgeOf({ driver_age: '23' })).toBe(23);
    expect(driverAgeOf({})).toBeUndefined();
  });

  it('returns the car where it was picked up when the search form’s "same branch" is ticked, whatever its hidden menu sent', () => {
    expect(fleetSearchFromParams({ pickup_branch: 'PTY', same_branch: '1', return_branch: 'OBA' })).toEqual({ pickup_branch: 'PTY' });
    expect(fleetSearchFromParams({ pickup_branch: 'PTY', return_branch: 'OBA', driver_age: '23' })).toEqual({ pickup_branch: 'PTY', return_branch: 'OBA', driver_age: '23' });
  });

  it('slugifies makes with accents and spaces', () => {
    expect(slugify(' Citroën C-Élysée ')).toBe('citroen-c-elysee');
  });
});
