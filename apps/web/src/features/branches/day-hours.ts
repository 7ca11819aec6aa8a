import { isRoundTheClock, weekdayOfLocalDate, weeklyHours, type LocalDate, type OpeningHours } from '@rentacar/domain/dates';

/** The words for a day without ranges and for a round-the-clock one, translated by the caller. */
export type DayHoursLabels = { closed: string; allDay: string };

/**
 * A branch's hours on one Panama date, as the branches page writes a day: `07:00–19:00`, `07:00–12:00, 14:00–19:00`,
 * `Abierto las 24 horas`, or `Cerrado`. What the renter needs on the pickup day (the reminder, the thanks page, the
 * confirmation e-mail).
 */
export function hoursOnDate(hours: OpeningHours, date: LocalDate, labels: DayHoursLabels): string {
  const day = weeklyHours(hours).find((entry) => entry.day === weekdayOfLocalDate(date));
  if (!day || day.ranges.length === 0) return labels.closed;
  return day.ranges.map((range) => (isRoundTheClock(range) ? labels.allDay : `${range.open}–${range.close}`)).join(', ');
}
