import 'server-only';
import { coverageDeposit } from '@rentacar/domain/quote';
import { getBookingCatalog, loadAppData, type CounterReservation } from '@/content';

/**
 * The deposit the renter was promised at checkout for this reservation's coverage and car (the coverage's amount for
 * the car's body type, domain `coverageDeposit`), which the pickup form proposes; null when the coverage or the car
 * is no longer in the content, or the coverage asks for none.
 */
export async function proposedDeposit(reservation: Pick<CounterReservation, 'coverage' | 'car'>): Promise<number | null> {
  if (!reservation.coverage || !reservation.car) return null;
  const [catalog, { fleet }] = await Promise.all([getBookingCatalog(), loadAppData()]);
  const coverage = catalog.coverages.find((candidate) => candidate.code === reservation.coverage);
  const carId = String(reservation.car.id);
  const car = fleet.cars.find((candidate) => candidate.id === carId);
  if (!coverage || !car) return null;
  const deposit = coverageDeposit(coverage, car.type);
  return deposit > 0 ? deposit : null;
}
