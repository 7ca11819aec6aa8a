// Clients for the integration tests that talk over HTTP to the storefront and the content service the harness started:
// the storefront's JSON API as an anonymous renter, the content service's REST API as staff.
import { addDaysToLocalDate } from '@rentacar/domain/dates';
import { adminHeaders, setUnits } from './content-admin';

export type Json = Record<string, unknown>;

// A content row as the tests read it: only its id is used here.
type Row = { readonly id?: unknown };

/**
 * The booking API's selection of a three-day rental of `car` from `start` (`YYYY-MM-DD`) at 10:00, picked up and
 * returned at `branch`, with `coverage`; a reservation adds its `client` and `terms_accepted`.
 */
export function threeDaySelection({ car, branch, coverage }: { car: Row; branch: Row; coverage: Row }, start: string, reservationType: 'prepaid' | 'postpaid' = 'prepaid') {
  return {
    car_id: car.id,
    pickup_location: branch.id,
    return_location: branch.id,
    pickup_date: `${start}T10:00`,
    return_date: `${addDaysToLocalDate(start, 3)}T10:00`,
    coverage_id: coverage.id,
    era: false,
    reservation_type: reservationType,
  };
}

/** A made-up client address. Every request of a test names its own, so the per-client rate limits of one test never reach another. */
export const client = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/**
 * A caller of the storefront's API at `webUrl`, in the browser language `acceptLanguage`, each request from its own
 * client address; `redirect` as for fetch. A body that is not JSON comes back as `{ raw }`.
 */
export function storefrontApi(webUrl: string, { acceptLanguage, redirect }: { acceptLanguage: string; redirect?: RequestRedirect }) {
  return async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${webUrl}${path}`, {
      method,
      redirect,
      headers: { 'content-type': 'application/json', 'accept-language': acceptLanguage, 'x-forwarded-for': client(), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json: Json = {};
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = { raw: text };
    }
    return { status: response.status, headers: response.headers, json };
  };
}

/**
 * The content service's REST API at `contentUrl` as its administrator: `signIn` once (in a beforeAll), then `content`
 * answers the `data` of a request (GET unless `init` says otherwise) and `seedRow` the first row at a path that the
 * seed must fill.
 */
export function staffContent(contentUrl: string) {
  let admin: Record<string, string> = {};

  async function content<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(`${contentUrl}${path}`, { ...init, headers: { ...admin, ...(init.headers as Record<string, string> | undefined) } });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    if (response.status === 204) return undefined as T;
    return ((await response.json()) as { data: T }).data;
  }

  async function seedRow<Row>(path: string): Promise<Row> {
    const [row] = await content<Row[]>(path);
    if (!row) throw new Error(`the seed has nothing at ${path}`);
    return row;
  }

  async function signIn() {
    admin = await adminHeaders(contentUrl);
  }

  /** Exactly `units` ready units of a car model at a branch, as staff would set the fleet (content-admin's `setUnits`). */
  const units = (carId: number | string, branchId: number | string, count: number) => setUnits(content, carId, branchId, count);

  return { signIn, content, seedRow, units };
}

/** Waits until `check` holds, asking every 250 ms up to `attempts` times; fails naming `what` never happened. */
export async function eventually(check: () => Promise<boolean>, what: string, attempts = 80) {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`never happened: ${what}`);
}
