// Tests' helper (unit and browser tests): a calendar file read with an iCalendar parser (ical.js), as a calendar application reads it.
import ICAL from 'ical.js';

export type ParsedIcs = { method: string | undefined; uid: string; sequence: number; status: string | undefined; start: string; end: string; organizer: string | undefined; attendees: string[]; summary: string; description: string };

/** The file's METHOD and its one VEVENT's properties; throws unless it holds exactly one event. */
export function parseIcs(ics: string): ParsedIcs {
  const jcal = ICAL.parse(ics) as unknown[];
  const calendar = new ICAL.Component(jcal);
  const events = calendar.getAllSubcomponents('vevent');
  if (calendar.name !== 'vcalendar' || events.length !== 1 || !events[0]) throw new Error(`expected one VEVENT in a VCALENDAR, found ${events.length}`);
  const vevent = events[0];
  const event = new ICAL.Event(vevent);
  const text = (name: string) => {
    const value = vevent.getFirstPropertyValue(name);
    return value === null ? undefined : String(value);
  };
  // A calendar address is a URI: its scheme is case-insensitive (`MAILTO:` and `mailto:` are the same).
  const address = (value: unknown) => String(value).replace(/^mailto:/i, 'mailto:');
  const method = calendar.getFirstPropertyValue('method');
  return {
    method: method === null ? undefined : String(method),
    uid: event.uid,
    sequence: event.sequence,
    status: text('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    organizer: vevent.getFirstPropertyValue('organizer') === null ? undefined : address(vevent.getFirstPropertyValue('organizer')),
    attendees: vevent.getAllProperties('attendee').map((property) => address(property.getFirstValue())),
    summary: event.summary,
    description: event.description,
  };
}
