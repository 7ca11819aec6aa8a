import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { openingStatusAt, type OpeningHours } from '@rentacar/domain/dates';
import es from '../../../messages/es.json';
import en from '../../../messages/en.json';
import { OpenNowBadge } from './open-now-badge';
import { openNowText, type OpenNowLabels } from './open-now';

/** The labels as the page builds them: the catalogue's templates, `{time}` and `{day}` left in. */
function labelsOf(catalogue: typeof es): OpenNowLabels {
  const { weekdays, ...texts } = catalogue.branches.openNow;
  return { ...texts, weekdays: [0, 1, 2, 3, 4, 5, 6].map((day) => weekdays[String(day) as keyof typeof weekdays]) };
}
const spanish = labelsOf(es);
const english = labelsOf(en);

// The seed's Costa del Este (closed on Sunday), Obarrio (open Sunday morning) and Tocumen airport (round the clock).
const closedSunday: OpeningHours = [
  { days: [1, 2, 3, 4, 5], open: '07:00', close: '19:00' },
  { days: [6], open: '08:00', close: '16:00' },
];
const openSundayMorning: OpeningHours = [...closedSunday, { days: [0], open: '09:00', close: '13:00' }];
const allDay: OpeningHours = [{ days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }];
const fridayNight: OpeningHours = [{ days: [5], open: '22:00', close: '02:00' }];

function textAt(hours: OpeningHours, at: string, labels: OpenNowLabels = spanish): string {
  const status = openingStatusAt(hours, at);
  if (!status) throw new Error(`bad moment ${at}`);
  const text = openNowText(status, at.slice(0, 10), labels);
  return [text.badge, text.detail].filter(Boolean).join(' · ');
}

describe('the open-now badge’s words', () => {
  // 2025-06-20 is a Friday, 2025-06-21 a Saturday, 2025-06-22 a Sunday.
  it.each<[string, OpeningHours, string, string]>([
    ['a branch closed on Sunday, on Sunday', closedSunday, '2025-06-22T10:00', 'Cerrado ahora · abre mañana a las 07:00'],
    ['the same branch on Saturday evening', closedSunday, '2025-06-21T18:00', 'Cerrado ahora · abre el lunes a las 07:00'],
    ['a minute before closing', closedSunday, '2025-06-21T15:59', 'Abierto ahora · cierra a las 16:00'],
    ['at closing time', openSundayMorning, '2025-06-22T13:00', 'Cerrado ahora · abre mañana a las 07:00'],
    ['early in the morning', closedSunday, '2025-06-20T06:30', 'Cerrado ahora · abre hoy a las 07:00'],
    ['open on Sunday morning', openSundayMorning, '2025-06-22T12:59', 'Abierto ahora · cierra a las 13:00'],
    ['round the clock', allDay, '2025-06-22T03:00', 'Abierto ahora · las 24 horas, todos los días'],
    ['overnight, before midnight', fridayNight, '2025-06-20T23:00', 'Abierto ahora · cierra mañana a las 02:00'],
    ['no hours', [], '2025-06-20T10:00', 'Cerrado ahora'],
  ])('%s', (_label, hours, at, expected) => {
    expect(textAt(hours, at)).toBe(expected);
  });

  it('speaks English too', () => {
    expect(textAt(closedSunday, '2025-06-21T18:00', english)).toBe('Closed now · opens Monday at 07:00');
    expect(textAt(closedSunday, '2025-06-21T15:59', english)).toBe('Open now · closes at 16:00');
    expect(textAt(allDay, '2025-06-21T15:59', english)).toBe('Open now · 24 hours, every day');
  });
});

describe('the open-now badge in cached HTML', () => {
  it('says nothing about a branch with hours: the minute the page was rendered is not the minute it is read', () => {
    const html = renderToStaticMarkup(<OpenNowBadge hours={closedSunday} labels={spanish} />);
    expect(html).toContain('data-state="pending"');
    expect(html).not.toMatch(/Abierto|Cerrado/);
  });

  it('says open for a branch open round the clock, which is true at any moment', () => {
    const html = renderToStaticMarkup(<OpenNowBadge hours={allDay} labels={spanish} />);
    expect(html).toContain('data-state="open"');
    expect(html).toContain('Abierto ahora');
    expect(html).toContain('las 24 horas, todos los días');
  });
});
