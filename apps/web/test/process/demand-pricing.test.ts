// Demand-aware prices against the real content service: a brand whose staff turned demand on (dollar here, so the
// harness's firefly storefront and the integration tests beside it never see it) prices a class by how full it is at
// the pickup branch, read from the same stock the booking checks. The class has 5 units there: with 3 booked (60 %) a
// quote has no demand line; with 4 (80 %) it has "+10 %" of each day's seasonal price, in both languages, and the
// booking made then saves that line, answers it on the API and shows it in its confirmation e-mail.
// A storefront of this test's own (BRAND=dollar, its own mail outbox) against the harness's content service.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { formatMoney } from '@rentacar/domain/money';
import { type Json, staffContent, storefrontApi } from '../integration-clients';
import { cloneBuild, requireEnv, startStorefront, storefrontEnv, type StorefrontProcess } from './storefront-process';

type Row = Record<string, unknown> & { id: number };
type Line = { code: string; label: string; amount: number };

const BRAND = 'dollar';
/** A class with exactly 5 units at the branch in the seed: the Kia Seltos (IFAR) at Panamá Pacífico (PAC). */
const CAR_MODEL = 'Seltos';
const BRANCH_CODE = 'PAC';
const CLASS_UNITS = 5;
const SEASON_PERCENT = 20;
const DEMAND = { thresholds: [{ from_percent: 80, percent: 10 }, { from_percent: 95, percent: 20 }], cap: 25 };

// Days 7,000 and later: no other file quotes or books them (the integration tests' bands end near 6,100 days ahead);
// within the band, per run.
const RUN_OFFSET = 7_000 + (Date.now() % 1000);
const start = addDaysToLocalDate(formatPanamaDate(new Date()), RUN_OFFSET);
const DAYS = 3;

const { signIn, content, seedRow } = staffContent(requireEnv('CONTENT_URL'));

const linesOf = (json: Json) => (json.lines as Line[] | undefined) ?? [];
const lineOf = (json: Json, code: string) => linesOf(json).find((line) => line.code === code);
const totalOf = (json: Json) => Number((json.totals as Json).total);
/** `percent` % of `cents`, half away from zero, as the quote rounds. */
const percentOf = (cents: number, percent: number) => Math.sign(cents * percent) * Math.round(Math.abs(cents * percent) / 100);

describe('demand-aware prices for a brand whose staff turned them on', () => {
  const build = cloneBuild('demand-pricing');
  const outbox = mkdtempSync(join(tmpdir(), 'demand-pricing-mail-'));
  let storefront: StorefrontProcess | undefined;
  let api: ReturnType<typeof storefrontApi>;
  let car: Row;
  let branch: Row;
  let coverage: Row;
  let site: Row;
  let season: Row | undefined;
  let seasonName: string;

  const selection = () => ({
    car_id: car.id,
    pickup_location: branch.id,
    return_location: branch.id,
    pickup_date: `${start}T10:00`,
    return_date: `${addDaysToLocalDate(start, DAYS)}T10:00`,
    coverage_id: coverage.id,
    era: false,
    reservation_type: 'postpaid',
  });

  const book = (index: number) =>
    api(
      'POST',
      '/api/reservations',
      {
        ...selection(),
        client: { name: 'Ana', last_name: 'Demanda', email: `demanda.${index}.${RUN_OFFSET}@example.com`, license: 'PA-123456', birthday: '1990-05-20', phone_number: '6123-4567' },
        terms_accepted: true,
      },
      { 'idempotency-key': `demand-${randomUUID()}` },
    );

  /** The all-in total the fleet page shows on the car's card for the test's dates (basic cover, paid at the counter: the Seltos has a prepaid discount, so its card shows both). */
  const fleetTotal = async () => {
    const search = new URLSearchParams({ pickup_branch: BRANCH_CODE, pickup_date: start, pickup_time: '10:00', return_date: addDaysToLocalDate(start, DAYS), return_time: '10:00' });
    const page = await (await fetch(`${storefront?.url}/es/flota?${search.toString()}`)).text();
    const card = page.split('data-testid="car-card"').find((chunk) => chunk.includes(`data-car-id="${car.id}"`));
    return /data-testid="total-price"[^>]*>([^<]*)</.exec(card ?? '')?.[1];
  };

  beforeAll(async () => {
    await signIn();
    car = await seedRow<Row>(`/items/flota?filter[modelo][_eq]=${CAR_MODEL}`);
    branch = await seedRow<Row>(`/items/branches?filter[code][_eq]=${BRANCH_CODE}`);
    coverage = await seedRow<Row>('/items/coverages?filter[code][_eq]=BASIC');
    site = await seedRow<Row>(`/items/sites_config?filter[brand][_eq]=${BRAND}&fields=id,demand_pricing_enabled,demand_thresholds,demand_cap_percent`);
    // The class's units at the branch, over every car of the class: what 60 % and 80 % are counted on.
    const classCars = await content<Row[]>(`/items/flota?filter[clasificacion][_eq]=${String(car.clasificacion)}&fields=id&limit=-1`);
    const units = await content<Row[]>(`/items/vehicles?filter[current_branch][_eq]=${branch.id}&filter[car][_in]=${classCars.map((row) => row.id).join(',')}&fields=id&limit=-1`);
    expect(units, `units of ${String(car.clasificacion)} at ${BRANCH_CODE}`).toHaveLength(CLASS_UNITS);

    // Staff turn demand on for the brand, and add a season for its class on the test's dates (the demand step is a %
    // of each day's price with its season). Both before the storefront starts, so it reads them cold.
    await content(`/items/sites_config/${site.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ demand_pricing_enabled: true, demand_thresholds: DEMAND.thresholds, demand_cap_percent: DEMAND.cap }),
    });
    seasonName = `Demanda de prueba ${randomUUID().slice(0, 8)}`;
    season = await content<Row>('/items/rate_seasons', {
      method: 'POST',
      body: JSON.stringify({
        status: 'published',
        name: seasonName,
        starts: addDaysToLocalDate(start, -1),
        ends: addDaysToLocalDate(start, DAYS + 1),
        adjustment_percent: SEASON_PERCENT,
        brands: [BRAND],
        car_classes: [car.clasificacion],
      }),
    });

    storefront = await startStorefront(build.distDir, {
      ...storefrontEnv(requireEnv('CONTENT_URL')),
      BRAND,
      MAIL_OUTBOX_DIR: outbox,
      // Each request names its own client (storefrontApi), so the per-client limits never add up here.
      TRUSTED_PROXIES: '127.0.0.1',
    });
    api = storefrontApi(storefront.url, { acceptLanguage: 'es-ES' });
  });

  afterAll(async () => {
    try {
      await storefront?.stop();
    } finally {
      build.remove();
      rmSync(outbox, { recursive: true, force: true });
      if (season) await content(`/items/rate_seasons/${season.id}`, { method: 'DELETE' }).catch(() => undefined);
      if (site) {
        await content(`/items/sites_config/${site.id}`, {
          method: 'PATCH',
          body: JSON.stringify({ demand_pricing_enabled: site.demand_pricing_enabled, demand_thresholds: site.demand_thresholds, demand_cap_percent: site.demand_cap_percent }),
        });
      }
    }
  });

  it('adds no demand line at 60 % of the class taken, +10 % of the seasonal price at 80 %, saved with the booking and in its e-mail', async () => {
    const rate = Number(car[`precio_${BRAND}`]);
    const seasonal = rate + percentOf(rate, SEASON_PERCENT);
    const seasonLine = { code: 'season', label: `Temporada: ${seasonName} (+${SEASON_PERCENT}% × ${DAYS} días)`, amount: DAYS * percentOf(rate, SEASON_PERCENT) };

    // 3 of the 5 units taken: 60 %, below the first threshold. No booking so far carried a demand line.
    for (const index of [1, 2, 3]) {
      const booked = await book(index);
      expect(booked.status, JSON.stringify(booked.json)).toBe(201);
      expect(lineOf(booked.json, 'demand')).toBeUndefined();
    }
    const atSixty = await api('POST', '/api/quote', selection());
    expect(atSixty.status, JSON.stringify(atSixty.json)).toBe(200);
    expect(lineOf(atSixty.json, 'car')?.amount).toBe(DAYS * rate);
    expect(lineOf(atSixty.json, 'season')).toEqual(seasonLine);
    expect(lineOf(atSixty.json, 'demand')).toBeUndefined();
    // The fleet's card for the dates prices the same way (its total has the basic cover, as this quote).
    expect(await fleetTotal()).toBe(`${formatMoney(totalOf(atSixty.json), 'es')} pagando en el mostrador`);

    // The fourth booking, priced at 60 %, has no demand line either; it takes the class to 80 %.
    const fourth = await book(4);
    expect(fourth.status, JSON.stringify(fourth.json)).toBe(201);
    expect(lineOf(fourth.json, 'demand')).toBeUndefined();

    const demandLine = { code: 'demand', label: 'Alta demanda (+10%)', amount: DAYS * percentOf(seasonal, 10) };
    const atEighty = await api('POST', '/api/quote', selection());
    expect(atEighty.status, JSON.stringify(atEighty.json)).toBe(200);
    expect(lineOf(atEighty.json, 'demand')).toEqual(demandLine);
    expect(linesOf(atEighty.json).map((line) => line.code)).toEqual(['car', 'season', 'demand', 'coverage', 'airport_tax', 'tax']);
    expect(linesOf(atEighty.json).reduce((sum, line) => sum + line.amount, 0)).toBe(totalOf(atEighty.json));
    // The demand line costs more by itself, its airport fee and their ITBMS, and nothing else.
    expect(Number((atEighty.json.totals as Json).subtotal) - Number((atSixty.json.totals as Json).subtotal)).toBe(demandLine.amount);
    const english = await api('POST', '/api/quote', selection(), { 'accept-language': 'en' });
    expect(lineOf(english.json, 'demand')).toEqual({ ...demandLine, label: 'High demand (+10%)' });
    expect(lineOf(english.json, 'season')?.label).toBe(`Season: ${seasonName} (+${SEASON_PERCENT}% × ${DAYS} days)`);
    expect(await fleetTotal()).toBe(`${formatMoney(totalOf(atEighty.json), 'es')} pagando en el mostrador`);

    // The booking made at 80 % is priced as the quote was, and keeps its lines: on the API, in the content service,
    // and in the renter's confirmation e-mail.
    const fifth = await book(5);
    expect(fifth.status, JSON.stringify(fifth.json)).toBe(201);
    expect(fifth.json.lines).toEqual(atEighty.json.lines);
    expect(totalOf(fifth.json)).toBe(totalOf(atEighty.json));
    const number = String(fifth.json.reservation_number);
    const email = (fifth.json.client as Json).email as string;
    const found = await api('GET', `/api/reservations/${number}?email=${encodeURIComponent(email)}`);
    expect(found.status).toBe(200);
    expect(lineOf(found.json, 'demand')).toEqual(demandLine);
    const [saved] = await content<Row[]>(`/items/reservations?filter[reservation_number][_eq]=${number}&fields=lines,total`);
    // Saved as quoted (booked in Spanish), each line also labelled in English for staff who read it so at the counter.
    const savedLines = (saved?.lines ?? []) as Array<Line & { labels?: Record<string, string> }>;
    expect(savedLines.map(({ labels: _byLanguage, ...line }) => line)).toEqual(atEighty.json.lines);
    expect(savedLines.find((line) => line.code === 'demand')?.labels).toEqual({ es: demandLine.label, en: 'High demand (+10%)' });

    const mails = await Promise.all(readdirSync(outbox).map((file) => simpleParser(readFileSync(join(outbox, file)))));
    const confirmation = mails.filter((mail) => mail.subject?.includes(number));
    expect(confirmation).toHaveLength(1);
    const text = confirmation[0]?.text ?? '';
    expect(text).toContain(demandLine.label);
    expect(text).toContain(formatMoney(demandLine.amount, 'es'));
    expect(text).toContain(seasonLine.label);
    expect(confirmation[0]?.html || '').toContain(demandLine.label);
  });
});
