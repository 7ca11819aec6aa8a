import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate, formatPanamaDateTime } from '@rentacar/domain/dates';
import { client, eventually, type Json, staffContent, storefrontApi } from '../integration-clients';

// The public booking API over HTTP, against the storefront and content service the harness started. Expected amounts
// are recomputed here by hand from the content service's own rows, not with the storefront's quote function.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8055';

type Row = Record<string, unknown> & { id: number };

const api = storefrontApi(webUrl, { acceptLanguage: 'es-ES' });
const { signIn, content, seedRow, units } = staffContent(contentUrl);

const day = (offset: number) => addDaysToLocalDate(formatPanamaDate(new Date()), offset);
/** A stretch of dates of this run only, so reservations left by an earlier run on the same database never compete. */
// Each file that books through the API has its own band of days (this one 200 to 1,290 days ahead, payments'
// 1,400 and later), so files running side by side never hold each other's units; within the band, per run.
const RUN_OFFSET = 200 + (Date.now() % 1000);
const runDay = (offset: number) => day(RUN_OFFSET + offset);

function errorsOf(json: Json): { field: string; code: string; message: string }[] {
  return (json.errors as { field: string; code: string; message: string }[] | undefined) ?? [];
}

/** Staff edits reach the storefront through the revalidation webhook within seconds. */
const untilStorefrontSees = (check: () => Promise<boolean>) => eventually(check, 'the storefront saw the staff edit', 40);

let pty: Row;
let obarrio: Row;
let car: Row;
let coverage: Row;
let site: Row;

const renter = { name: 'Ana', last_name: 'Pérez', email: 'ana.perez@example.com', license: 'PA-123456', birthday: '1990-05-20', phone_number: '6123-4567' };

function selection(overrides: Json = {}): Json {
  return {
    car_id: car.id,
    pickup_location: pty.id,
    return_location: pty.id,
    pickup_date: `${day(30)}T10:00`,
    return_date: `${day(33)}T10:00`,
    coverage_id: coverage.id,
    era: true,
    reservation_type: 'postpaid',
    ...overrides,
  };
}

/** Units of `car` at `branch` through the admin, as staff would set the fleet. */
const setStock = (carId: number, branchId: number, count: number) => units(carId, branchId, count);

beforeAll(async () => {
  await signIn();
  const one = (path: string) => seedRow<Row>(path);
  pty = await one('/items/branches?filter[code][_eq]=PTY');
  obarrio = await one('/items/branches?filter[code][_eq]=OBA');
  car = await one('/items/flota?filter[modelo][_eq]=Accent&fields=*,discount.*');
  coverage = await one('/items/coverages?filter[code][_eq]=BASIC');
  site = await one('/items/sites_config?filter[brand][_eq]=firefly');
});

describe('POST /api/quote', () => {
  it('prices every line from the content service’s data, in integer cents', async () => {
    const { status, json } = await api('POST', '/api/quote', selection());
    expect(status).toBe(200);
    const days = 3;
    const rate = Number(car.precio_firefly);
    const carTotal = rate * days;
    const coverageTotal = Number(coverage.daily_rate_sedan) * days;
    const era = Number(site.era_daily_rate) * days;
    const airportTax = Math.round(((carTotal + era) * Number(pty.airport_fee_percent)) / 100);
    const subtotal = carTotal + coverageTotal + era;
    const tax = Math.round(((subtotal + airportTax) * Number(site.tax_rate_percent)) / 100);
    expect(json).toMatchObject({
      days,
      currency: 'USD',
      coverage_total: coverageTotal,
      coupon_discount: 0,
      delivery: { price: 0 },
      totals: { carTotal, era, dropoff: 0, subtotal, airportTax, tax, total: subtotal + airportTax + tax },
    });
    const lines = json.lines as { code: string; label: string; amount: number }[];
    expect(lines.map((line) => line.code)).toEqual(['car', 'coverage', 'era', 'airport_tax', 'tax']);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(subtotal + airportTax + tax);
    expect(lines.find((line) => line.code === 'airport_tax')?.label).toBe('Tasa aeroportuaria (12%)');
  });

  it('ignores a total or price sent by the browser', async () => {
    const honest = await api('POST', '/api/quote', selection());
    const tampered = await api('POST', '/api/quote', { ...selection(), total: 1, totals: { total: 1, carTotal: 1 }, price: 1, car_daily_rate: 1 });
    expect(tampered.status).toBe(200);
    expect(tampered.json).toEqual(honest.json);
  });

  it('prices the prepaid rate, extras with their cap and a drop-off at another branch', async () => {
    const [gps] = await content<Row[]>('/items/extras?filter[code][_eq]=GPS');
    const { json } = await api('POST', '/api/quote', selection({ reservation_type: 'prepaid', return_location: obarrio.id, era: false, extras: [{ code: 'GPS', quantity: 1 }] }));
    const discount = (car.discount as { percentage: number } | null)?.percentage ?? 0;
    const prepaidRate = Math.round((Number(car.precio_firefly) * (100 - discount)) / 100);
    expect(json.car_daily_rate).toBe(prepaidRate);
    expect((json.totals as Json).carTotal).toBe(prepaidRate * 3);
    const gpsTotal = Math.min(Number(gps?.daily_rate) * 3, Number(gps?.max_per_rental ?? Infinity));
    expect(json.extras_total).toBe(gpsTotal);
    const fees = await content<Row[]>(`/items/dropoff_fees?filter[from_branch][_eq]=${pty.id}&filter[to_branch][_eq]=${obarrio.id}`);
    const reverse = await content<Row[]>(`/items/dropoff_fees?filter[from_branch][_eq]=${obarrio.id}&filter[to_branch][_eq]=${pty.id}`);
    expect((json.totals as Json).dropoff).toBe(Number((fees[0] ?? reverse[0])?.fee ?? 0));
  });

  it('adds the young-driver fee of the renter’s age band on the pickup date (the brand’s site config)', async () => {
    const bands = site.young_driver_fees as { min_age: number; max_age: number; daily_rate: number; max_per_rental?: number | null }[];
    const band = bands.find((candidate) => candidate.min_age === 21);
    if (!band) throw new Error('the firefly site config has no young-driver band from 21');
    const pickup = day(30);
    const twentyOne = `${Number(pickup.slice(0, 4)) - 21}${pickup.slice(4, 10)}`;
    const { json } = await api('POST', '/api/quote', selection({ birthday: twentyOne }));
    const expected = Math.min(band.daily_rate * 3, band.max_per_rental ?? Infinity);
    expect(json.young_driver_fee).toBe(expected);
    expect((json.lines as { code: string; amount: number }[]).find((line) => line.code === 'young_driver')?.amount).toBe(expected);
    const older = await api('POST', '/api/quote', selection({ birthday: '1980-01-01' }));
    expect(older.json.young_driver_fee).toBe(0);
  });

  it('answers 422 with the reason in the caller’s language', async () => {
    // A pickup 60 to 90 minutes from now, on a 30-minute slot at Tocumen (open round the clock).
    const local = formatPanamaDateTime(new Date(Date.now() + 90 * 60 * 1000));
    const soon = `${local.slice(0, 14)}${Number(local.slice(14, 16)) >= 30 ? '30' : '00'}`;
    const notice = await api('POST', '/api/quote', selection({ pickup_date: soon, return_date: `${day(5)}T10:00` }), { 'accept-language': 'en-US' });
    if (soon.slice(0, 10) === formatPanamaDate(new Date())) {
      expect(notice.status).toBe(422);
      expect(errorsOf(notice.json)).toContainEqual({ field: 'pickup_date', code: 'minimum_notice', message: 'To pick up today, book at least 2 hours ahead' });
    } else {
      // Late in the evening the slot falls tomorrow, where the rule (same-day pickups only) does not apply.
      expect(notice.status).toBe(200);
    }
    const closed = await api('POST', '/api/quote', selection({ pickup_location: obarrio.id, return_location: obarrio.id, pickup_date: `${day(30)}T03:00` }));
    expect(closed.status).toBe(422);
    expect(errorsOf(closed.json)[0]).toMatchObject({ field: 'pickup_date', code: 'branch_closed' });
    const backwards = await api('POST', '/api/quote', selection({ return_date: `${day(29)}T10:00` }));
    expect(errorsOf(backwards.json)[0]).toMatchObject({ field: 'return_date', code: 'return_before_pickup', message: 'La devolución debe ser posterior al retiro' });
  });

  it('books online at most 90 days: a longer rental, up to the year 9999, is refused and holds nothing', async () => {
    expect((await api('POST', '/api/quote', selection({ return_date: `${day(120)}T10:00` }))).status).toBe(200);
    const tooLong = await api('POST', '/api/quote', selection({ return_date: `${day(121)}T10:00` }), { 'accept-language': 'en' });
    expect(tooLong.status).toBe(422);
    expect(errorsOf(tooLong.json)).toEqual([
      { field: 'return_date', code: 'maximum_days', message: 'Online bookings are for at most 90 days. For a longer rental, contact the branch.' },
    ]);
    const forever = await api('POST', '/api/reservations', { ...selection({ return_date: '9999-12-27T10:00' }), client: renter, terms_accepted: true }, { 'idempotency-key': `test-${randomUUID()}` });
    expect(forever.status).toBe(422);
    expect(errorsOf(forever.json)).toEqual([
      { field: 'return_date', code: 'maximum_days', message: 'Las reservas en línea son de hasta 90 días. Para un alquiler más largo, contacta a la sucursal.' },
    ]);
  });

  it('answers 400 for a body that is not JSON and 422 naming missing fields, never 500', async () => {
    const broken = await api('POST', '/api/quote', '{"car_id": ');
    expect(broken.status).toBe(400);
    expect(errorsOf(broken.json)[0]).toMatchObject({ field: 'body', code: 'invalid_json' });
    const empty = await api('POST', '/api/quote', {});
    expect(empty.status).toBe(422);
    expect(errorsOf(empty.json).map((error) => error.field)).toEqual(expect.arrayContaining(['car_id', 'pickup_location', 'pickup_date', 'coverage_id']));
    const hostile = await api('POST', '/api/quote', selection({ car_id: { _neq: 0 }, coverage_id: '../../etc/passwd', extras: 'all' }));
    expect(hostile.status).toBe(422);
  });

  it('refuses a car of another brand and an unknown branch', async () => {
    const [elantra] = await content<Row[]>('/items/flota?filter[modelo][_eq]=Elantra');
    const other = await api('POST', '/api/quote', selection({ car_id: elantra?.id }));
    expect(errorsOf(other.json)[0]).toMatchObject({ field: 'car_id', code: 'car_not_offered' });
    const nowhere = await api('POST', '/api/quote', selection({ pickup_location: 'XYZ' }));
    expect(errorsOf(nowhere.json)[0]).toMatchObject({ field: 'pickup_location', code: 'unknown_branch' });
  });
});

describe('how the quote is served', () => {
  const quote = () => fetch(`${webUrl}/api/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(selection()) });

  it('is answered by the production server’s fast path, with the headers of every storefront response', async () => {
    // The first quote of a server goes to the route while the fast path reads its copy of the content.
    await eventually(async () => (await quote()).headers.get('server-timing')?.includes('fast path') ?? false, 'the fast path answered', 40);
    const response = await quote();
    expect(response.status).toBe(200);
    expect(response.headers.get('server-timing')).toMatch(/^quote;desc="fast path";dur=\d+\.\d+$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('reads a body up to the API’s one limit, on the fast path as on the routes behind Next', async () => {
    const oversized = JSON.stringify({ ...selection(), note: 'x'.repeat(70 * 1024) });
    for (const path of ['/api/quote', '/api/reservations']) {
      const headers = { 'content-type': 'application/json', 'accept-language': 'en', 'idempotency-key': 'oversized-body-0001' };
      const response = await fetch(`${webUrl}${path}`, { method: 'POST', headers, body: oversized });
      expect(response.status, path).toBe(400);
      expect(errorsOf((await response.json()) as Json)[0], path).toMatchObject({ field: 'body', code: 'invalid_json' });
    }
  });
});

describe('extras a coverage includes', () => {
  type Line = { code: string; label: string; amount: number; included?: boolean };
  const driverLine = (json: Json) => (json.lines as Line[]).find((line) => line.code === 'extra.ADDITIONAL_DRIVER');
  let premium: Row;
  let driver: Row;

  beforeAll(async () => {
    premium = await seedRow<Row>('/items/coverages?filter[code][_eq]=PREMIUM&fields=*,included_extras.extras_id.code');
    driver = await seedRow<Row>('/items/extras?filter[code][_eq]=ADDITIONAL_DRIVER');
  });

  it('quotes Premium’s additional driver at $0, marked included, in both languages; Basic charges it', async () => {
    // What Premium includes is data of the content service, not words of its text.
    expect((premium.included_extras as { extras_id: { code: string } }[]).map((row) => row.extras_id.code)).toEqual(['ADDITIONAL_DRIVER']);
    const withDriver = selection({ coverage_id: premium.id, era: false, extras: [{ code: 'ADDITIONAL_DRIVER', quantity: 1 }] });
    const spanish = await api('POST', '/api/quote', withDriver);
    expect(spanish.status).toBe(200);
    expect(driverLine(spanish.json)).toEqual({ code: 'extra.ADDITIONAL_DRIVER', label: 'Conductor adicional × 1 (incluido en Protección Premium)', amount: 0, included: true });
    expect(spanish.json.extras_total).toBe(0);
    const english = await api('POST', '/api/quote', withDriver, { 'accept-language': 'en' });
    expect(driverLine(english.json)).toEqual({ code: 'extra.ADDITIONAL_DRIVER', label: 'Additional driver × 1 (included in Premium Protection)', amount: 0, included: true });
    // The same total as without the driver: nothing charged, no fee or tax on it.
    const without = await api('POST', '/api/quote', selection({ coverage_id: premium.id, era: false }));
    expect((spanish.json.totals as Json).total).toBe((without.json.totals as Json).total);

    const basic = await api('POST', '/api/quote', selection({ era: false, extras: [{ code: 'ADDITIONAL_DRIVER', quantity: 1 }] }));
    const charged = Math.min(Number(driver.daily_rate) * 3, Number(driver.max_per_rental ?? Infinity));
    expect(driverLine(basic.json)).toEqual({ code: 'extra.ADDITIONAL_DRIVER', label: 'Conductor adicional × 1', amount: charged });
    expect(basic.json.extras_total).toBe(charged);
  });

  it('follows what staff include in a coverage: a new coverage that includes the GPS prices it at $0', async () => {
    // An expensive coverage of this test only (the fleet's totals use the cheapest), removed at the end.
    const [gps] = await content<Row[]>('/items/extras?filter[code][_eq]=GPS');
    const code = `TEST_${randomUUID().slice(0, 8).toUpperCase()}`;
    const created = await content<Row>('/items/coverages', {
      method: 'POST',
      body: JSON.stringify({
        status: 'published', code, sort: 99, daily_rate_sedan: 9900, daily_rate_other: 9900, deductible: 0,
        included_extras: [{ extras_id: gps?.id }],
        translations: [{ languages_code: 'es-ES', name: 'Cobertura de prueba' }, { languages_code: 'en-US', name: 'Test cover' }],
      }),
    });
    try {
      const withGps = selection({ coverage_id: created.id, era: false, extras: [{ code: 'GPS', quantity: 1 }] });
      await untilStorefrontSees(async () => (await api('POST', '/api/quote', withGps)).status === 200);
      const { json } = await api('POST', '/api/quote', withGps);
      expect((json.lines as Line[]).find((line) => line.code === 'extra.GPS')).toMatchObject({ amount: 0, included: true, label: expect.stringContaining('Cobertura de prueba') as string });

      // Staff take the GPS out of it: the bill charges it again.
      const junction = await content<Row[]>(`/items/coverages_included_extras?filter[coverages_id][_eq]=${created.id}`);
      await content(`/items/coverages/${created.id}`, { method: 'PATCH', body: JSON.stringify({ included_extras: { delete: junction.map((row) => row.id) } }) });
      await untilStorefrontSees(async () => (await api('POST', '/api/quote', withGps)).json.extras_total !== 0);
      const after = await api('POST', '/api/quote', withGps);
      expect((after.json.lines as Line[]).find((line) => line.code === 'extra.GPS')).not.toHaveProperty('included');
    } finally {
      await content(`/items/coverages/${created.id}`, { method: 'DELETE' }).catch(() => undefined);
    }
  });
});

describe('rules that staff set in the content service', () => {
  afterAll(async () => {
    await content(`/items/flota/${car.id}`, { method: 'PATCH', body: JSON.stringify({ minimio_dias: null }) });
    await content(`/items/sites_config/${site.id}`, { method: 'PATCH', body: JSON.stringify({ disable_reservations_until: null, reservation_max_days: 90 }) });
    // The tests after these book those dates: wait until the storefront sees the rules lifted.
    await untilStorefrontSees(async () => (await api('POST', '/api/quote', selection())).status === 200);
  });

  it('refuses fewer days than the car’s minimum', async () => {
    await content(`/items/flota/${car.id}`, { method: 'PATCH', body: JSON.stringify({ minimio_dias: 5 }) });
    await untilStorefrontSees(async () => (await api('POST', '/api/quote', selection())).status === 422);
    const { json } = await api('POST', '/api/quote', selection(), { 'accept-language': 'en' });
    expect(errorsOf(json)).toContainEqual({ field: 'return_date', code: 'minimum_days', message: 'This car is rented for at least 5 days' });
    expect((await api('POST', '/api/quote', selection({ return_date: `${day(35)}T10:00` }))).status).toBe(200);
  });

  it('refuses more days than the brand’s reservation_max_days', async () => {
    // The car's minimum of 5 days from the test above still holds: 5 days fit both, 6 exceed a maximum of 5.
    const sixDays = selection({ return_date: `${day(36)}T10:00` });
    await content(`/items/sites_config/${site.id}`, { method: 'PATCH', body: JSON.stringify({ reservation_max_days: 5 }) });
    await untilStorefrontSees(async () => (await api('POST', '/api/quote', sixDays)).status === 422);
    const { json } = await api('POST', '/api/quote', sixDays, { 'accept-language': 'en' });
    expect(errorsOf(json)).toEqual([
      { field: 'return_date', code: 'maximum_days', message: 'Online bookings are for at most 5 days. For a longer rental, contact the branch.' },
    ]);
    expect((await api('POST', '/api/quote', selection({ return_date: `${day(35)}T10:00` }))).status).toBe(200);
    await content(`/items/sites_config/${site.id}`, { method: 'PATCH', body: JSON.stringify({ reservation_max_days: 90 }) });
    await untilStorefrontSees(async () => (await api('POST', '/api/quote', sixDays)).status === 200);
  });

  it('refuses a pickup before disable_reservations_until', async () => {
    await content(`/items/sites_config/${site.id}`, { method: 'PATCH', body: JSON.stringify({ disable_reservations_until: day(40) }) });
    await untilStorefrontSees(async () => (await api('POST', '/api/quote', selection({ return_date: `${day(36)}T10:00` }))).status === 422);
    const { json } = await api('POST', '/api/quote', selection({ return_date: `${day(36)}T10:00` }));
    expect(errorsOf(json)[0]).toMatchObject({ field: 'pickup_date', code: 'disabled_until' });
  });
});

describe('POST /api/coupons/validate', () => {
  it('gives the discount of a valid coupon, whatever its case', async () => {
    const { status, json } = await api('POST', '/api/coupons/validate', { ...selection(), code: 'bienvenido10' });
    expect(status).toBe(200);
    const quote = json.quote as Json;
    const before = Number((quote.totals as Json).carTotal) + Number(quote.coverage_total) + Number((quote.totals as Json).era);
    expect(json).toMatchObject({ valid: true, code: 'BIENVENIDO10', discount: Math.round(before / 10) });
  });

  it.each([
    ['NOEXISTE', 'coupon_unknown'],
    ['PATRIAS10', 'coupon_expired'],
    ['HERTZVIP20', 'coupon_wrong_brand'],
  ])('refuses %s with its reason (%s)', async (code, reason) => {
    const { status, json } = await api('POST', '/api/coupons/validate', { ...selection(), code });
    expect(status).toBe(422);
    expect(errorsOf(json)[0]).toMatchObject({ field: 'coupon', code: reason });
  });

  it('limits attempts per client: 429 with Retry-After', async () => {
    const me = { 'x-forwarded-for': client() };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await api('POST', '/api/coupons/validate', { ...selection(), code: `GUESS${attempt}` }, me)).status);
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    const limited = await api('POST', '/api/coupons/validate', { ...selection(), code: 'BIENVENIDO10' }, me);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await api('POST', '/api/coupons/validate', { ...selection(), code: 'BIENVENIDO10' })).status).toBe(200);
  });
});

describe('reservations per client', () => {
  const key = () => `test-${randomUUID()}`;
  const ninetyDays = () => selection({ return_date: `${day(120)}T10:00` });

  afterAll(async () => {
    await content(`/items/sites_config/${site.id}`, { method: 'PATCH', body: JSON.stringify({ reservation_holds_per_client: 10, reservation_max_days: 90 }) });
    await untilStorefrontSees(async () => (await api('POST', '/api/quote', ninetyDays())).status === 200);
  });

  it('refuses a client’s booking past the brand’s reservation_holds_per_client in 24 hours, with Retry-After', async () => {
    // The storefront reads both numbers with the brand's site config: the maximum days is the change it can be seen
    // to have received without booking anything.
    await content(`/items/sites_config/${site.id}`, { method: 'PATCH', body: JSON.stringify({ reservation_holds_per_client: 2, reservation_max_days: 89 }) });
    await untilStorefrontSees(async () => (await api('POST', '/api/quote', ninetyDays())).status === 422);

    // The brand's assistance line, as Panama writes it (+5073021000 → +507 302-1000).
    const assistancePhone = String(site.assistance_phone).replace(/^\+507(\d{3,4})(\d{4})$/, '+507 $1-$2');
    expect(assistancePhone).toMatch(/^\+507 \d{3,4}-\d{4}$/);
    const me = { 'x-forwarded-for': client() };
    const booking = (from: number) => ({ ...selection({ pickup_date: `${runDay(from)}T10:00`, return_date: `${runDay(from + 2)}T10:00` }), client: renter, terms_accepted: true });
    const firstKey = key();
    const first = await api('POST', '/api/reservations', booking(80), { ...me, 'idempotency-key': firstKey });
    expect(first.status).toBe(201);
    // A refused booking (a renter aged 20) holds nothing and counts nothing.
    const tooYoung = { ...booking(82), client: { ...renter, birthday: `${Number(runDay(82).slice(0, 4)) - 20}${runDay(82).slice(4, 10)}` } };
    expect((await api('POST', '/api/reservations', tooYoung, { ...me, 'idempotency-key': key() })).status).toBe(422);
    expect((await api('POST', '/api/reservations', booking(84), { ...me, 'idempotency-key': key() })).status).toBe(201);

    const thirdKey = key();
    const third = await api('POST', '/api/reservations', booking(88), { ...me, 'idempotency-key': thirdKey, 'accept-language': 'en' });
    expect(third.status).toBe(429);
    expect(errorsOf(third.json)).toEqual([
      { field: 'client', code: 'too_many_reservations', message: `Too many reservations have been made from this connection in the last 24 hours. Call us on ${assistancePhone} to book, or try again later` },
    ]);
    const retryAfter = Number(third.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await content<Row[]>(`/items/reservations?filter[idempotency_key][_eq]=${thirdKey}`)).toEqual([]);
    const spanish = await api('POST', '/api/reservations', booking(88), { ...me, 'idempotency-key': key() });
    expect(errorsOf(spanish.json)[0]?.message).toBe(`Se han hecho demasiadas reservas desde esta conexión en las últimas 24 horas. Llámanos al ${assistancePhone} para reservar o inténtalo más tarde`);

    // The renter's first booking replayed is still answered; another client books as usual.
    const replay = await api('POST', '/api/reservations', booking(80), { ...me, 'idempotency-key': firstKey });
    expect(replay.status).toBe(200);
    expect(replay.json.reservation_number).toBe(first.json.reservation_number);
    expect((await api('POST', '/api/reservations', booking(88), { 'idempotency-key': key() })).status).toBe(201);
  });
});

describe('reservations', () => {
  const key = () => `test-${randomUUID()}`;

  it('books once per idempotency key, and the renter finds it by number and email', async () => {
    const idempotency = key();
    const body = { ...selection({ pickup_date: `${runDay(60)}T10:00`, return_date: `${runDay(63)}T10:00` }), client: renter, terms_accepted: true };
    const first = await api('POST', '/api/reservations', body, { 'idempotency-key': idempotency });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ status: 'unpaid', payment_type: 'unpaid', reservation_type: 'postpaid' });
    const number = String(first.json.reservation_number);
    expect(number).toMatch(/^FF-[2-9A-HJ-NP-Z]{6}$/);
    const again = await api('POST', '/api/reservations', body, { 'idempotency-key': idempotency });
    expect(again.status).toBe(200);
    expect(again.json.reservation_number).toBe(number);
    const saved = await content<Row[]>(`/items/reservations?filter[idempotency_key][_eq]=${idempotency}`);
    expect(saved).toHaveLength(1);
    // Recorded as a booking of the public API, and its total in dollars for the admin's dashboards.
    expect(saved[0]).toMatchObject({ total: (first.json.totals as Json).total, client_phone: '+50761234567', channel: 'api', total_usd: Number((first.json.totals as Json).total) / 100 });

    const found = await api('GET', `/api/reservations/${number}?email=ANA.PEREZ@example.com`);
    expect(found.status).toBe(200);
    expect(found.json.reservation_number).toBe(number);
    const wrongEmail = await api('GET', `/api/reservations/${number}?email=someone@example.com`);
    const unknown = await api('GET', `/api/reservations/FF-ZZZZZZ?email=ana.perez@example.com`);
    expect(wrongEmail.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrongEmail.json).toEqual(unknown.json);
  });

  it('refuses a renter aged 20 on the pickup date, and a booking without a key or terms', async () => {
    const pickup = day(30);
    const twenty = `${Number(pickup.slice(0, 4)) - 21}${pickup.slice(4, 10)}`;
    const birthday = addDaysToLocalDate(twenty, 1);
    const young = await api('POST', '/api/reservations', { ...selection(), client: { ...renter, birthday }, terms_accepted: true }, { 'idempotency-key': key(), 'accept-language': 'en' });
    expect(young.status).toBe(422);
    expect(errorsOf(young.json)).toContainEqual({ field: 'client.birthday', code: 'min_age', message: 'You must be at least 21 years old on the pick-up date' });
    const noKey = await api('POST', '/api/reservations', { ...selection(), client: renter, terms_accepted: true });
    expect(noKey.status).toBe(422);
    expect(errorsOf(noKey.json)[0]).toMatchObject({ code: 'idempotency_key_required' });
    const noTerms = await api('POST', '/api/reservations', { ...selection(), client: renter, terms_accepted: false }, { 'idempotency-key': key() });
    expect(errorsOf(noTerms.json)[0]).toMatchObject({ field: 'terms_accepted', code: 'terms_required' });
  });

  it('asks the flight of a meet & greet: 422 without one or with something else, kept upper case with one', async () => {
    const meetGreet = await seedRow<Row>('/items/delivery_options?filter[code][_eq]=MEET_GREET_PTY');
    const body = (flight: Json) => ({ ...selection({ pickup_date: `${runDay(70)}T10:00`, return_date: `${runDay(72)}T10:00`, delivery_option_id: meetGreet.id, ...flight }), client: renter, terms_accepted: true });
    const missing = await api('POST', '/api/reservations', body({}), { 'idempotency-key': key(), 'accept-language': 'en' });
    expect(missing.status).toBe(422);
    expect(errorsOf(missing.json)).toContainEqual({ field: 'flight_number', code: 'flight_number_required', message: 'Enter your flight number (for example, CM 123): the agent uses it to meet you on arrival.' });
    const wrong = await api('POST', '/api/reservations', body({ flight_number: 'Copa' }), { 'idempotency-key': key() });
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong.json)[0]).toMatchObject({ field: 'flight_number', code: 'flight_number_invalid' });
    const booked = await api('POST', '/api/reservations', body({ flight_number: 'cm 123' }), { 'idempotency-key': key() });
    expect(booked.status).toBe(201);
    expect(booked.json.flight_number).toBe('CM123');
    const lines = booked.json.lines as { code: string; label: string }[];
    expect(lines.find((line) => line.code === 'delivery')?.label).toBe('Meet & greet en Tocumen');
  });

  it('gives exactly 3 reservations and 37 clear refusals for 40 simultaneous bookings of the last 3 units', async () => {
    await setStock(Number(car.id), Number(obarrio.id), 3);
    const dates = { pickup_location: obarrio.id, return_location: obarrio.id, pickup_date: `${runDay(0)}T10:00`, return_date: `${runDay(3)}T10:00` };
    const fleetUrl = `${webUrl}/es/flota?pickup_branch=OBA&pickup_date=${runDay(0)}&pickup_time=10:00&return_date=${runDay(3)}&return_time=10:00`;
    const accentBadge = async () => /data-car-id="(\d+)"[^]*?data-status="(\w+)"/.exec((await (await fetch(fleetUrl)).text()).split('data-testid="car-card"').find((card) => card.includes(`data-car-id="${car.id}"`)) ?? '')?.[2];
    // The search's page is cached before the rush: the bookings below must reach it.
    expect(await accentBadge()).not.toBe('soldOut');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        api('POST', '/api/reservations', { ...selection(dates), client: { ...renter, email: `renter${index}@example.com` }, terms_accepted: true }, { 'idempotency-key': key() }),
      ),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(37);
    const refusal = results.find((result) => result.status === 409);
    expect(errorsOf(refusal?.json ?? {})[0]).toMatchObject({ field: 'car_id', code: 'sold_out' });
    // The cached page of that search now says sold out.
    expect(await accentBadge()).toBe('soldOut');
  });

  it('gives a coupon’s last redemption to one booking only', async () => {
    const code = `ONEUSE${randomUUID().slice(0, 6).toUpperCase()}`;
    const coupon = await content<Row>('/items/coupons', { method: 'POST', body: JSON.stringify({ status: 'active', code, kind: 'percent', amount: 10, max_redemptions: 1, redemptions_count: 0 }) });
    const dates = { pickup_date: `${runDay(40)}T10:00`, return_date: `${runDay(43)}T10:00`, coupon: code };
    const [first, second] = await Promise.all(
      [0, 1].map((index) => api('POST', '/api/reservations', { ...selection(dates), client: { ...renter, email: `coupon${index}@example.com` }, terms_accepted: true }, { 'idempotency-key': key() })),
    );
    expect([first?.status, second?.status].sort()).toEqual([201, 422]);
    const refused = first?.status === 422 ? first : second;
    expect(errorsOf(refused?.json ?? {})[0]).toMatchObject({ field: 'coupon', code: 'coupon_used_up' });
    expect((await content<Row>(`/items/coupons/${coupon.id}`)).redemptions_count).toBe(1);
  });

  it('changes dates with the new price, re-checks stock, and cancels to free the unit', async () => {
    await setStock(Number(car.id), Number(obarrio.id), 1);
    const dates = { pickup_location: obarrio.id, return_location: obarrio.id, pickup_date: `${runDay(20)}T10:00`, return_date: `${runDay(22)}T10:00` };
    const booked = await api('POST', '/api/reservations', { ...selection(dates), client: renter, terms_accepted: true }, { 'idempotency-key': key() });
    expect(booked.status).toBe(201);
    const number = String(booked.json.reservation_number);
    const taken = await api('POST', '/api/reservations', { ...selection(dates), client: renter, terms_accepted: true }, { 'idempotency-key': key() });
    expect(taken.status).toBe(409);

    const preview = await api('PATCH', `/api/reservations/${number}`, { email: renter.email, return_date: `${runDay(25)}T10:00`, preview: true });
    expect(preview.status).toBe(200);
    expect(preview.json.previous_total).toBe((booked.json.totals as Json).total);
    expect(((preview.json.quote as Json).totals as Json).total).toBeGreaterThan(Number(preview.json.previous_total));
    const unchanged = await api('GET', `/api/reservations/${number}?email=${renter.email}`);
    expect(unchanged.json.return_date).toBe(`${runDay(22)}T10:00`);

    const changed = await api('PATCH', `/api/reservations/${number}`, { email: renter.email, return_date: `${runDay(25)}T10:00` });
    expect(changed.status).toBe(200);
    expect((changed.json.reservation as Json).days).toBe(5);

    const cancelled = await api('POST', `/api/reservations/${number}/cancel`, { email: renter.email });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe('cancelled');
    const freed = await api('POST', '/api/reservations', { ...selection(dates), client: renter, terms_accepted: true }, { 'idempotency-key': key() });
    expect(freed.status).toBe(201);
    const again = await api('POST', `/api/reservations/${number}/cancel`, { email: renter.email });
    expect(again.status).toBe(409);
  });

  it('refuses a change or a cancellation once the counter has handed the car over, then once it is back, saying why', async () => {
    const dates = { pickup_location: obarrio.id, return_location: obarrio.id, pickup_date: `${runDay(30)}T10:00`, return_date: `${runDay(32)}T10:00` };
    const booked = await api('POST', '/api/reservations', { ...selection(dates), client: renter, terms_accepted: true }, { 'idempotency-key': key() });
    expect(booked.status).toBe(201);
    const number = String(booked.json.reservation_number);
    const counter = (action: 'pickup' | 'return') =>
      content<Json>(`/counter/reservations/${number}/${action}`, { method: 'POST', body: JSON.stringify({ mileage: action === 'pickup' ? 1000 : 1200, fuel_eighths: 8 }) });
    // Handed over early, days before the booked pickup: the renter's own deadline (the pickup time) has not come.
    await counter('pickup');
    const change = await api('PATCH', `/api/reservations/${number}`, { email: renter.email, return_date: `${runDay(33)}T10:00` });
    expect(change.status).toBe(409);
    expect(errorsOf(change.json)).toEqual([{ field: 'reservation', code: 'already_picked_up', message: 'El auto ya fue entregado: para cambios, habla con el mostrador.' }]);
    const preview = await api('PATCH', `/api/reservations/${number}`, { email: renter.email, return_date: `${runDay(33)}T10:00`, preview: true });
    expect(preview.status).toBe(409);
    const cancel = await api('POST', `/api/reservations/${number}/cancel`, { email: renter.email }, { 'accept-language': 'en' });
    expect(cancel.status).toBe(409);
    expect(errorsOf(cancel.json)).toEqual([{ field: 'reservation', code: 'already_picked_up', message: 'The car has already been handed over: for changes, talk to the counter.' }]);
    const found = await api('GET', `/api/reservations/${number}?email=${renter.email}`);
    expect(found.json).toMatchObject({ status: 'unpaid', rental_status: 'picked_up', return_date: `${runDay(32)}T10:00` });

    // Back at the counter (which frees the unit for the other tests): closed.
    await counter('return');
    const closed = await api('POST', `/api/reservations/${number}/cancel`, { email: renter.email });
    expect(closed.status).toBe(409);
    expect(errorsOf(closed.json)[0]).toMatchObject({ code: 'already_returned' });
  });
});
