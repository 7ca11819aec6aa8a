/**
 * The brand's cars one by one (docs/fleet.md): a unit is a car with a plate, of a car model the fleet sells ("Kia
 * Picanto or similar"). `identity`: what a plate and a VIN look like; `availability`: where each unit is and when it
 * can be rented, the one rule the fleet, the quote, demand pricing, the booking and the counter read.
 */
export * from './identity';
export * from './availability';
export * from './counter';
