import { describe, expect, it } from 'vitest';
import { parseIcs as readCalendar } from '../../../test/calendar-file';
import { reservationIcs, reservationIcsContentType, reservationIcsFileName } from './reservation-calendar';
import { sampleReservationSummary } from './reservation-summary.testing';

type Component = { name: string; properties: Map<string, string[]>; children: Component[] };

/** A small RFC 5545 reader: unfolds lines, then nests BEGIN/END blocks; property parameters are dropped. */
function parseIcs(ics: string): Component {
  const lines = ics.split(/\r?\n/).reduce<string[]>((unfolded, line) => {
    if (/^[ \t]/.test(line) && unfolded.length > 0) unfolded[unfolded.length - 1] += line.slice(1);
    else if (line !== '') unfolded.push(line);
    return unfolded;
  }, []);
  const root: Component = { name: 'ROOT', properties: new Map(), children: [] };
  const stack = [root];
  for (const line of lines) {
    const colon = line.indexOf(':');
    expect(colon, line).toBeGreaterThan(0);
    const name = line.slice(0, colon).split(';')[0] ?? '';
    const value = line.slice(colon + 1);
    const current = stack[stack.length - 1] ?? root;
    if (name === 'BEGIN') {
      const child: Component = { name: value, properties: new Map(), children: [] };
      current.children.push(child);
      stack.push(child);
    } else if (name === 'END') {
      expect(current.name).toBe(value);
      stack.pop();
    } else {
      current.properties.set(name, [...(current.properties.get(name) ?? []), value]);
    }
  }
  expect(stack).toHaveLength(1);
  return root;
}

function calendarOf(ics: string): { calendar: Component; event: Component } {
  const root = parseIcs(ics);
  expect(root.children.map((child) => child.name)).toEqual(['VCALENDAR']);
  const calendar = root.children[0] ?? root;
  const events = calendar.children.filter((child) => child.name === 'VEVENT');
  expect(events).toHaveLength(1);
  return { calendar, event: events[0] ?? calendar };
}

const property = (component: Component, name: string) => component.properties.get(name);

describe('reservationIcs', () => {
  it('is a VCALENDAR with one VEVENT from pickup to return, Panama times in UTC', () => {
    const { calendar, event } = calendarOf(reservationIcs(sampleReservationSummary()));
    expect(property(calendar, 'VERSION')).toEqual(['2.0']);
    expect(property(calendar, 'METHOD')).toEqual(['PUBLISH']);
    expect(property(event, 'DTSTART')).toEqual(['20261201T150000Z']);
    expect(property(event, 'DTEND')).toEqual(['20261205T233000Z']);
    expect(property(event, 'UID')).toEqual(['FF-7K3M9Q@www.firefly.com.pa']);
    expect(property(event, 'STATUS')).toEqual(['CONFIRMED']);
  });

  it('keeps UTC-5 in the northern summer: Panama has no daylight saving time', () => {
    const summary = sampleReservationSummary({
      pickup: { ...sampleReservationSummary().pickup, at: '2026-06-15T08:30' },
      return: { ...sampleReservationSummary().return, at: '2026-06-16T23:30' },
    });
    const { event } = calendarOf(reservationIcs(summary));
    expect(property(event, 'DTSTART')).toEqual(['20260615T133000Z']);
    expect(property(event, 'DTEND')).toEqual(['20260617T043000Z']);
  });

  it('names the car, the reservation, both branches and the manage-booking link in Spanish', () => {
    const { event } = calendarOf(reservationIcs(sampleReservationSummary()));
    expect(property(event, 'SUMMARY')).toEqual(['Firefly · Kia Picanto (FF-7K3M9Q)']);
    expect(property(event, 'LOCATION')).toEqual(['Aeropuerto de Tocumen (PTY)\\, Av. Domingo Díaz\\, Tocumen']);
    const description = property(event, 'DESCRIPTION')?.[0] ?? '';
    expect(description).toContain('Reserva FF-7K3M9Q');
    expect(description).toContain('Retiro: Aeropuerto de Tocumen (PTY)');
    expect(description).toContain('Devolución: Albrook Mall');
    expect(description).toContain('https://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q');
  });

  it('speaks English for an English reservation', () => {
    const { event } = calendarOf(reservationIcs(sampleReservationSummary({ locale: 'en' })));
    const description = property(event, 'DESCRIPTION')?.[0] ?? '';
    expect(description).toContain('Reservation FF-7K3M9Q');
    expect(description).toContain('Pick-up: Aeropuerto de Tocumen (PTY)');
    expect(description).toContain('Return: Albrook Mall');
  });

  it('carries the reservation\'s revision as its SEQUENCE, under the same UID, so each file replaces the last', () => {
    const booked = readCalendar(reservationIcs(sampleReservationSummary()));
    const changed = readCalendar(reservationIcs(sampleReservationSummary({ revision: 1, return: { ...sampleReservationSummary().return, at: '2026-12-06T18:30' } })));
    const changedAgain = readCalendar(reservationIcs(sampleReservationSummary({ revision: 2 })));
    expect([booked.method, changed.method, changedAgain.method]).toEqual(['PUBLISH', 'PUBLISH', 'PUBLISH']);
    expect(new Set([booked.uid, changed.uid, changedAgain.uid])).toEqual(new Set(['FF-7K3M9Q@www.firefly.com.pa']));
    expect([booked.sequence, changed.sequence, changedAgain.sequence]).toEqual([0, 1, 2]);
    expect(changed.end).toBe('2026-12-06T23:30:00.000Z');
    expect(changed.status).toBe('CONFIRMED');
  });

  it('cancels: METHOD:CANCEL and STATUS:CANCELLED under the same UID, a higher SEQUENCE, from the brand to the renter', () => {
    const summary = sampleReservationSummary({ status: 'cancelled', revision: 3 });
    const cancelled = readCalendar(reservationIcs(summary, { name: 'Firefly', email: 'reservas@firefly.example' }));
    expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: 'FF-7K3M9Q@www.firefly.com.pa', sequence: 3 });
    expect(cancelled.organizer).toBe('mailto:reservas@firefly.example');
    expect(cancelled.attendees).toEqual(['mailto:ana.perez@example.com']);
    expect(reservationIcsContentType(summary)).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(reservationIcsContentType(sampleReservationSummary())).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  });

  it('throws on a date-time it cannot read rather than writing a wrong event', () => {
    const summary = sampleReservationSummary({ return: { ...sampleReservationSummary().return, at: '2026-12-05 18:30' } });
    expect(() => reservationIcs(summary)).toThrow(/return date-time/);
  });

  it('throws on a return before the pickup, which ics itself would accept', () => {
    const summary = sampleReservationSummary({ return: { ...sampleReservationSummary().return, at: '2026-12-01T10:00' } });
    expect(() => reservationIcs(summary)).toThrow(/FF-7K3M9Q returns .* no later than its pickup/);
  });

  it('throws when ics refuses a value (its URL check rejects an IPv6 host)', () => {
    const summary = sampleReservationSummary({ manageUrl: 'http://[::1]:3000/mi-reserva' });
    expect(() => reservationIcs(summary)).toThrow(/could not build the \.ics of reservation FF-7K3M9Q/);
  });
});

describe('reservationIcsFileName', () => {
  it('names the file after the reservation', () => {
    expect(reservationIcsFileName('FF-7K3M9Q')).toBe('reserva-FF-7K3M9Q.ics');
  });
});
