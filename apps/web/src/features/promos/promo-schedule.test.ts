import { describe, expect, it } from 'vitest';
import { isPromoRunning, nextPromoChange, promoValidity, runningPromos, secondsUntil, type PromoWindow } from './promo-schedule';

/** The instant a Panama wall clock (UTC-5 all year) shows `local`. */
const panama = (local: string): Date => new Date(`${local}-05:00`);

const span = (validFrom: string | undefined, validUntil: string | undefined): PromoWindow => ({ validFrom, validUntil });

describe('isPromoRunning (Panama days, both included)', () => {
  const navidad = span('2026-12-01', '2027-01-06');
  it.each<[string, PromoWindow, string, boolean]>([
    ['the day before its first day', navidad, '2026-11-30', false],
    ['its first day', navidad, '2026-12-01', true],
    ['a day inside', navidad, '2026-12-24', true],
    ['its last day', navidad, '2027-01-06', true],
    ['the day after its last day (expired)', navidad, '2027-01-07', false],
    ['no start: running until its end', span(undefined, '2027-01-06'), '2020-01-01', true],
    ['no end: running from its start on', span('2026-12-01', undefined), '2030-12-31', true],
    ['no window at all', span(undefined, undefined), '2026-11-23', true],
    ['empty strings are open bounds', span('', ' '), '2026-11-23', true],
    ['a date-time bound counts by its day', span('2026-12-01T00:00:00', '2027-01-06T00:00:00'), '2027-01-06', true],
    ['an unreadable end hides it', span('2026-12-01', 'soon'), '2026-12-24', false],
    ['an impossible start hides it', span('2026-02-30', '2027-01-06'), '2026-12-24', false],
  ])('%s', (_label, promo, today, expected) => {
    expect(isPromoRunning(promo, today)).toBe(expected);
  });
});

describe('runningPromos', () => {
  const promos = [
    { slug: 'expired', ...span('2026-11-01', '2026-11-10') },
    { slug: 'black-friday', ...span('2026-11-20', '2026-12-01') },
    { slug: 'navidad', ...span('2026-12-01', '2027-01-06') },
    { slug: 'always', ...span(undefined, undefined) },
  ];

  it('keeps the running ones in their order, dropping expired and not started ones', () => {
    expect(runningPromos(promos, panama('2026-11-23T08:45')).map((promo) => promo.slug)).toEqual(['black-friday', 'always']);
  });

  it("reads the day on Panama's clock, not the server's: 22:00 in Panama on 1 December is already 2 December in UTC", () => {
    const lateEvening = panama('2026-12-01T22:00');
    expect(lateEvening.toISOString()).toBe('2026-12-02T03:00:00.000Z');
    expect(runningPromos(promos, lateEvening).map((promo) => promo.slug)).toEqual(['black-friday', 'navidad', 'always']);
  });

  it('drops a promotion at the Panama midnight after its last day', () => {
    expect(runningPromos(promos, panama('2026-12-01T23:59')).map((promo) => promo.slug)).toContain('black-friday');
    expect(runningPromos(promos, panama('2026-12-02T00:00')).map((promo) => promo.slug)).not.toContain('black-friday');
  });
});

describe('nextPromoChange', () => {
  const promos = [
    span('2026-11-01', '2026-11-10'),
    span('2026-11-20', '2026-12-01'),
    span('2026-12-01', '2027-01-06'),
    span('2027-01-15', '2027-03-31'),
  ];

  it('is the next Panama midnight at which a promotion starts or ends', () => {
    // Black Friday's last day is 1 December and Navidad's first: the list changes at the start of that day.
    expect(nextPromoChange(promos, panama('2026-11-23T08:45'))).toEqual(panama('2026-12-01T00:00'));
    // Then Black Friday ends at the end of 1 December.
    expect(nextPromoChange(promos, panama('2026-12-01T00:00'))).toEqual(panama('2026-12-02T00:00'));
    expect(nextPromoChange(promos, panama('2027-01-06T23:00'))).toEqual(panama('2027-01-07T00:00'));
    expect(nextPromoChange(promos, panama('2027-01-07T00:00'))).toEqual(panama('2027-01-15T00:00'));
  });

  it('is undefined when no promotion starts or ends any more', () => {
    expect(nextPromoChange(promos, panama('2027-04-01T00:00'))).toBeUndefined();
    expect(nextPromoChange([span(undefined, undefined)], panama('2026-11-23T08:45'))).toBeUndefined();
    expect(nextPromoChange([], panama('2026-11-23T08:45'))).toBeUndefined();
  });

  it('ignores a promotion whose dates cannot be read (it is not shown either)', () => {
    expect(nextPromoChange([span('2026-12-01', 'later')], panama('2026-11-23T08:45'))).toBeUndefined();
  });
});

describe('a promotion linked to a season', () => {
  const lowSeason = { starts: '2031-09-01', ends: '2031-10-31' };
  const withSeason = (validFrom: string | undefined, validUntil: string | undefined): PromoWindow => ({ validFrom, validUntil, season: lowSeason });

  it('without dates of its own runs over the season\'s days, both included, and says so', () => {
    const promo = withSeason(undefined, undefined);
    expect(promoValidity(promo)).toEqual({ validFrom: '2031-09-01', validUntil: '2031-10-31' });
    expect(isPromoRunning(promo, '2031-08-31')).toBe(false);
    expect(isPromoRunning(promo, '2031-09-01')).toBe(true);
    expect(isPromoRunning(promo, '2031-10-31')).toBe(true);
    expect(isPromoRunning(promo, '2031-11-01')).toBe(false);
    // Empty strings are no dates, as for a promotion without a season.
    expect(promoValidity(withSeason('', ' '))).toEqual({ validFrom: '2031-09-01', validUntil: '2031-10-31' });
  });

  it('with dates of its own runs over them, whatever the season\'s', () => {
    const promo = withSeason('2031-08-15', '2031-09-15');
    expect(promoValidity(promo)).toEqual({ validFrom: '2031-08-15', validUntil: '2031-09-15' });
    expect(isPromoRunning(promo, '2031-08-15')).toBe(true);
    expect(isPromoRunning(promo, '2031-09-16')).toBe(false);
  });

  it('takes the season\'s date only on the side it leaves open', () => {
    expect(promoValidity(withSeason('2031-08-15', undefined))).toEqual({ validFrom: '2031-08-15', validUntil: '2031-10-31' });
    expect(promoValidity(withSeason(undefined, '2031-09-30'))).toEqual({ validFrom: '2031-09-01', validUntil: '2031-09-30' });
    expect(isPromoRunning(withSeason('2031-08-15', undefined), '2031-11-01')).toBe(false);
  });

  it('changes the list at the season\'s edges when the season gives its dates', () => {
    const promos = [withSeason(undefined, undefined)];
    expect(nextPromoChange(promos, panama('2031-08-20T10:00'))).toEqual(panama('2031-09-01T00:00'));
    expect(nextPromoChange(promos, panama('2031-09-01T00:00'))).toEqual(panama('2031-11-01T00:00'));
    expect(runningPromos(promos, panama('2031-10-31T23:59'))).toHaveLength(1);
    expect(runningPromos(promos, panama('2031-11-01T00:00'))).toHaveLength(0);
  });

  it('without a season, an open bound stays open', () => {
    expect(promoValidity(span(undefined, '2031-09-30'))).toEqual({ validFrom: undefined, validUntil: '2031-09-30' });
  });
});

describe('secondsUntil', () => {
  it('counts whole seconds, rounded up so the lifetime never ends before the change, and at least one', () => {
    const now = panama('2026-11-30T23:30');
    expect(secondsUntil(panama('2026-12-01T00:00'), now)).toBe(1800);
    expect(secondsUntil(new Date(now.getTime() + 1500), now)).toBe(2);
    expect(secondsUntil(now, now)).toBe(1);
    expect(secondsUntil(new Date(now.getTime() - 60_000), now)).toBe(1);
  });
});
