// What the booking figures need, set up without a browser: ids read from the content service's public API, a quote
// the storefront accepts, a renter's draft saved as staff would find it, and the signed cookie that points at it.
import { createHmac } from 'node:crypto';
import { BOOKING_BRANCH, BOOKING_DAYS_AHEAD, BOOKING_RENTAL_DAYS, BOOKING_STEPS } from './options.mjs';
import { httpGet, httpPostJson } from './http-get.mjs';

const PANAMA_OFFSET_MS = -5 * 60 * 60 * 1000; // UTC-5, no daylight saving
const DAY_MS = 24 * 60 * 60 * 1000;
const CANDIDATE_DAYS = 7; // a branch closed on some weekday still leaves a valid pickup within a week
const CANDIDATE_CARS = 5;
const DRAFT_COOKIE = 'reservation_draft';
const DRAFT_PURPOSE = 'reservation_draft'; // apps/web/src/features/booking/booking-draft.ts

/** The Panama calendar date `offsetDays` from now, `YYYY-MM-DD`. */
export function panamaDate(offsetDays, now = Date.now()) {
  return new Date(now + PANAMA_OFFSET_MS + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

/** `<id>.<HMAC-SHA256(SESSION_SECRET, "reservation_draft:<id>"), base64url>`, as apps/web/src/lib/signed-value.ts signs it. */
export function signDraftId(secret, id) {
  return `${id}.${createHmac('sha256', secret).update(`${DRAFT_PURPOSE}:${id}`).digest('base64url')}`;
}

async function publicItems(contentUrl, pathAndQuery) {
  const response = await fetch(`${contentUrl}${pathAndQuery}`);
  if (!response.ok) throw new Error(`GET ${pathAndQuery} on the content service answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return (await response.json()).data;
}

/** The branch, the firefly cars and the coverages, as any visitor of the content service's public API sees them. */
async function readPublicIds(contentUrl) {
  const [branches, cars, coverages] = await Promise.all([
    publicItems(contentUrl, `/items/branches?filter[code][_eq]=${BOOKING_BRANCH}&fields=id,code,name`),
    publicItems(contentUrl, '/items/flota?filter[precio_firefly][_nnull]=true&fields=id,marca,modelo,tipo,precio_firefly,minimio_dias&sort=id&limit=-1'),
    publicItems(contentUrl, '/items/coverages?fields=id,code&sort=sort,id'),
  ]);
  if (!branches[0]) throw new Error(`no published branch ${BOOKING_BRANCH} in the content service`);
  if (!cars.length) throw new Error('no published car with precio_firefly in the content service');
  if (!coverages.length) throw new Error('no published coverage in the content service');
  // Cars whose own minimum fits the rental first; the brand's minimum is the storefront's to check.
  const fits = (car) => !car.minimio_dias || car.minimio_dias <= BOOKING_RENTAL_DAYS;
  return { branch: branches[0], cars: [...cars.filter(fits), ...cars.filter((car) => !fits(car))].slice(0, CANDIDATE_CARS), coverage: coverages[0] };
}

export function quoteRequest({ car, branch, coverage, pickupDate, returnDate }) {
  return {
    car_id: car.id,
    pickup_location: branch.id,
    return_location: branch.id,
    pickup_date: `${pickupDate}T10:00`,
    return_date: `${returnDate}T10:00`,
    coverage_id: coverage.id,
    era: true,
  };
}

/**
 * Ids and dates the storefront quotes with 200: about BOOKING_DAYS_AHEAD days ahead, 10:00 to 10:00
 * BOOKING_RENTAL_DAYS days later. When the first pick is refused (a branch closed that weekday, a car's minimum
 * days), the next day or car is tried; every refusal is kept for the report.
 */
export async function findBookingFixture({ webUrl, contentUrl }) {
  const { branch, cars, coverage } = await readPublicIds(contentUrl);
  const refused = [];
  for (let day = 0; day < CANDIDATE_DAYS; day++) {
    const pickupDate = panamaDate(BOOKING_DAYS_AHEAD + day);
    const returnDate = panamaDate(BOOKING_DAYS_AHEAD + day + BOOKING_RENTAL_DAYS);
    for (const car of cars) {
      const body = quoteRequest({ car, branch, coverage, pickupDate, returnDate });
      const answer = await httpPostJson(`${webUrl}/api/quote`, body);
      if (answer.status === 200) return { branch, car, coverage, pickupDate, returnDate, quoteBody: body, quote: JSON.parse(answer.body), refused };
      refused.push({ car: car.id, pickupDate, status: answer.status, body: answer.body.slice(0, 300) });
    }
  }
  const last = refused.at(-1);
  throw new Error(`no quote answered 200 (${refused.length} tried); the last: ${last?.status} ${last?.body}`);
}

/** The fleet page for the fixture's dates, as the landing's search form links to it. */
export function datedFleetPath({ pickupDate, returnDate }) {
  return `/flota?pickup_branch=${BOOKING_BRANCH}&pickup_date=${pickupDate}&pickup_time=10:00&return_date=${returnDate}&return_time=10:00`;
}

/**
 * Saves a renter's draft with every step done (so each step and checkout may open) in the content service, through
 * the route the storefront itself uses (`POST /booking/drafts`, with its token); the storefront never sees how it was
 * made. Returns its reference and the cookie pointing at it.
 */
export async function createDraft({ contentUrl, env, fixture }) {
  const { branch, car, coverage, pickupDate, returnDate } = fixture;
  const data = {
    carId: String(car.id),
    pickupBranch: String(branch.id),
    returnBranch: String(branch.id),
    pickupAt: `${pickupDate}T10:00`,
    returnAt: `${returnDate}T10:00`,
    reservationType: 'postpaid',
    coverageId: String(coverage.id),
    era: false,
    extras: [],
    termsAccepted: true,
    client: { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.com', phone: '+50761234567', birthday: '1990-05-20', license: 'PA-1' },
    completed: ['location', 'coverage', 'extras', 'client'],
  };
  const answer = await httpPostJson(`${contentUrl}/booking/drafts`, { data, expires_at: new Date(Date.now() + DAY_MS).toISOString() }, { authorization: `Bearer ${env.DIRECTUS_STOREFRONT_TOKEN}` });
  if (answer.status !== 201) throw new Error(`POST /booking/drafts answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  const { id } = JSON.parse(answer.body).data;
  return { id, cookie: `${DRAFT_COOKIE}=${signDraftId(env.SESSION_SECRET, id)}` };
}

/**
 * Each booking step with the draft's cookie (must be 200) and without (must be 404: the guard's "Page Not Found").
 * Returns every step's statuses and, with the cookie, its HTML for the first-load JS.
 */
export async function checkBookingSteps(webUrl, cookie) {
  const steps = [];
  for (const page of BOOKING_STEPS) {
    const withCookie = await httpGet(`${webUrl}${page}`, { headers: { cookie } });
    const without = await httpGet(`${webUrl}${page}`);
    steps.push({
      page,
      status: withCookie.status,
      statusWithoutCookie: without.status,
      location: withCookie.headers.location ?? null,
      ok: withCookie.status === 200 && without.status === 404,
      body: withCookie.body,
    });
  }
  return steps;
}
