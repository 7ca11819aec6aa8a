/**
 * Fleet pages: cards, filters in the address, the search with dates, the reserve button. Other code uses this feature
 * through this file only.
 */
export { CarList } from './car-list';
export { DriverAgeChoice } from './driver-age-choice';
export { driverAgeOptions } from './driver-age';
export type { DriverAgeOption } from './driver-age';
export { FleetFilterBar, makeOptions } from './fleet-filter-bar';
export { driverAgeOf, sortCars, sortOf, FILTER_PARAMS, filtersFromSearchParams, filtersFromSegments, filtersToQuery, filtersToSegments, fleetSearchFromParams, isDatedFleetSearch, publicFleetPath, searchFromSegments, searchToSegments } from './fleet-filters';
