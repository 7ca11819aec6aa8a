import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { eventually, type Json, staffContent, storefrontApi } from '../integration-clients';

// Rate plans over HTTP: what staff enter in the content service's admin reaches POST /api/quote within seconds.
// Expected amounts are recomputed here by hand from the content service's own rows.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8055';

type Row = Record<string, unknown> & { id: number };
type Line = { code: string; label: string; amount: number };

const api = storefrontApi(webUrl, { acceptLanguage: 'es-ES' });
const { signIn, content, seedRow } = staffContent(contentUrl);

// Days 5,000 and later: a season of this file prices only dates no other file quotes or books (booking-api 200 to
// 1,290, payments 1,400 on, reminders 2,600 on, logs 3,000 on, counter actions 3,700 on); within the band, per run.
const RUN_OFFSET = 5_000 + (Date.now() % 1000);
const runDay = (offset: number) => addDaysToLocalDate(formatPanamaDate(new Date()), RUN_OFFSET + offset);

/** Staff edits reach the storefront through the revalidation webhook within seconds (10 s at most here). */
const untilStorefrontSees = (check: () => Promise<boolean>) => eventually(check, 'the storefront saw the staff edit', 40);

let car: Row;
let pty: Row;
let coverage: Row;

const linesOf = (json: Json) => (json.lines as Line[] | undefined) ?? [];
const lineOf = (json: Json, code: string) => linesOf(json).find((line) => line.code === code);
/** `percent` % of `cents`, half away from zero, as the quote rounds. */
const percentOf = (cents: number, percent: number) => Math.sign(cents * percent) * Math.round(Math.abs(cents * percent) / 100);

function rental(start: string, days: number): Json {
  return {
    car_id: car.id,
    pickup_location: pty.id,
    return_location: pty.id,
    pickup_date: `${start}T10:00`,
    return_date: `${addDaysToLocalDate(start, days)}T10:00`,
    coverage_id: coverage.id,
    reservation_type: 'postpaid',
  };
}

beforeAll(async () => {
  await signIn();
  car = await seedRow<Row>('/items/flota?filter[modelo][_eq]=Accent');
  pty = await seedRow<Row>('/items/branches?filter[code][_eq]=PTY');
  coverage = await seedRow<Row>('/items/coverages?filter[code][_eq]=BASIC');
});

describe('seasons staff add in the admin', () => {
  it('price the days they cover: a 4-day rental across a season’s end pays 2 days at +20 % and 2 at base', async () => {
    const start = runDay(0);
    const selection = rental(start, 4);
    const before = await api('POST', '/api/quote', selection);
    expect(before.status).toBe(200);
    expect(lineOf(before.json, 'season')).toBeUndefined();

    const name = `Temporada de prueba ${randomUUID().slice(0, 8)}`;
    const season = await content<Row>('/items/rate_seasons', {
      method: 'POST',
      body: JSON.stringify({ status: 'published', name, starts: addDaysToLocalDate(start, -10), ends: addDaysToLocalDate(start, 1), adjustment_percent: 20, brands: [], car_classes: [] }),
    });
    try {
      await untilStorefrontSees(async () => lineOf((await api('POST', '/api/quote', selection)).json, 'season') !== undefined);
      const { json } = await api('POST', '/api/quote', selection);
      const rate = Number(car.precio_firefly);
      const seasonal = 2 * percentOf(rate, 20);
      expect(lineOf(json, 'car')?.amount).toBe(4 * rate);
      expect(lineOf(json, 'season')).toEqual({ code: 'season', label: `Temporada: ${name} (+20% × 2 días)`, amount: seasonal });
      expect(linesOf(json).map((line) => line.code)).toEqual(['car', 'season', 'coverage', 'airport_tax', 'tax']);
      expect(linesOf(json).reduce((sum, line) => sum + line.amount, 0)).toBe((json.totals as Json).total);
      // The season's price costs more by the season's line, its airport fee and their ITBMS, and nothing else.
      expect(Number((json.totals as Json).subtotal) - Number((before.json.totals as Json).subtotal)).toBe(seasonal);

      const english = await api('POST', '/api/quote', selection, { 'accept-language': 'en' });
      expect(lineOf(english.json, 'season')?.label).toBe(`Season: ${name} (+20% × 2 days)`);
    } finally {
      await content(`/items/rate_seasons/${season.id}`, { method: 'DELETE' }).catch(() => undefined);
    }
    // Staff take the season away: the quote is back at the base price.
    await untilStorefrontSees(async () => lineOf((await api('POST', '/api/quote', selection)).json, 'season') === undefined);
    expect((await api('POST', '/api/quote', selection)).json.totals).toEqual(before.json.totals);
  });
});

describe('length discounts', () => {
  it('take the seeded 10 % off the car rental from exactly 7 days, not off a 6-day rental', async () => {
    const start = runDay(100);
    const week = await api('POST', '/api/quote', rental(start, 7), { 'accept-language': 'en' });
    expect(week.status).toBe(200);
    const carTotal = 7 * Number(car.precio_firefly);
    expect(lineOf(week.json, 'length_discount')).toEqual({ code: 'length_discount', label: 'Discount for 7 days or more (−10%)', amount: -percentOf(carTotal, 10) });
    expect(linesOf(week.json).reduce((sum, line) => sum + line.amount, 0)).toBe((week.json.totals as Json).total);

    const sixDays = await api('POST', '/api/quote', rental(start, 6));
    expect(lineOf(sixDays.json, 'length_discount')).toBeUndefined();
  });
});
