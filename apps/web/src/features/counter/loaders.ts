import 'server-only';
import { formatPanamaDate } from '@rentacar/domain/dates';
import { normalizeReservationNumber } from '@rentacar/domain/reservation-number';
import { readCounterDay, readCounterReservation, type CounterDayList, type CounterRefusal, type CounterReservation } from '@/content';
import type { CounterStaff } from './staff';

/**
 * The counter's reads for a signed-in staff member, with their own token. `invalid`: the text cannot be a
 * reservation number (typed or scanned); `notFound`: no reservation has it; `refused`: the token stopped being a counter
 * staff member's (signed out elsewhere, role taken away).
 */
export type CounterLookup =
  | { kind: 'found'; reservation: CounterReservation }
  | { kind: 'invalid' }
  | { kind: 'notFound'; number: string }
  | { kind: 'refused'; status: CounterRefusal };

/** The reservation number in what was typed or scanned (`ff 7k3m9q`, `FF-7K3M9Q`), or null. */
export function counterNumber(input: string): string | null {
  return normalizeReservationNumber(input.trim());
}

export async function loadCounterReservation(number: string, staff: CounterStaff): Promise<CounterLookup> {
  const normalized = counterNumber(number);
  if (normalized === null) return { kind: 'invalid' };
  const found = await readCounterReservation(normalized, staff.token);
  if (found === undefined) return { kind: 'notFound', number: normalized };
  if ('refused' in found) return { kind: 'refused', status: found.refused };
  return { kind: 'found', reservation: found };
}

/** Today in Panama, as the counter's day list takes it. */
export function counterToday(now: Date = new Date()): string {
  return formatPanamaDate(now);
}

/**
 * The day at the staff member's branch (`date` `YYYY-MM-DD`, today in Panama by default). An administrator has no
 * branch of their own: they name one, and without it get nothing (undefined). Undefined too for staff without a branch.
 */
export async function loadCounterDay(staff: CounterStaff, date: string = counterToday(), branchId?: number): Promise<CounterDayList | undefined | { refused: CounterRefusal }> {
  const branch = branchId ?? (staff.admin ? undefined : staff.branch?.id);
  if (branch === undefined) return undefined;
  return readCounterDay(staff.token, date, staff.admin ? branch : undefined);
}
