import { addDaysToLocalDate, weekdayOfLocalDate, type LocalDate, type LocalDateTime, type OpeningStatus } from '@rentacar/domain/dates';

/** Keys (namespace `branches.openNow`) of the badge's texts, translated on the server and passed to the browser. */
export const OPEN_NOW_LABEL_KEYS = ['open', 'closed', 'allDay', 'closesAt', 'closesTomorrowAt', 'closesOnAt', 'opensAt', 'opensTomorrowAt', 'opensOnAt'] as const;

/** The templates keep `{time}` and `{day}` for the browser to fill; `weekdays[0]` is Sunday, as written mid-sentence. */
export type OpenNowLabels = Record<(typeof OPEN_NOW_LABEL_KEYS)[number], string> & { weekdays: readonly string[] };

export type OpenNowText = { state: 'open' | 'closed'; badge: string; detail: string | undefined };

function when(at: LocalDateTime, today: LocalDate, kind: 'closes' | 'opens', labels: OpenNowLabels): string {
  const [date = '', time = ''] = at.split('T');
  const template =
    date === today ? labels[`${kind}At`] : date === addDaysToLocalDate(today, 1) ? labels[`${kind}TomorrowAt`] : labels[`${kind}OnAt`];
  return template.replace('{time}', time).replace('{day}', labels.weekdays[weekdayOfLocalDate(date)] ?? date);
}

/**
 * The badge's words for a status seen on Panama date `today`: 'Abierto ahora · cierra a las 19:00', 'Cerrado ahora ·
 * abre mañana a las 07:00', 'Abierto ahora · las 24 horas, todos los días'. The time is the branch's own (Panama) time.
 */
export function openNowText(status: OpeningStatus, today: LocalDate, labels: OpenNowLabels): OpenNowText {
  if (status.open) {
    return { state: 'open', badge: labels.open, detail: status.closesAt === null ? labels.allDay : when(status.closesAt, today, 'closes', labels) };
  }
  return { state: 'closed', badge: labels.closed, detail: status.opensAt === null ? undefined : when(status.opensAt, today, 'opens', labels) };
}
