/** The counter's pages (Spanish paths in both languages, like the rest of the site: `/mostrador`, `/en/mostrador`). */
export const COUNTER_PATH = '/mostrador';

/** The page of one reservation at the counter. */
export function counterReservationPath(number: string): string {
  return `${COUNTER_PATH}/${encodeURIComponent(number)}`;
}
