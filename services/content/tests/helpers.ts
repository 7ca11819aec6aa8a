// Small REST helpers for the content-service tests (no SDK: the tests speak the API the storefront uses).
import { expect } from 'vitest';

export interface ApiResult<T = unknown> {
  status: number;
  body: { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> } & Record<string, unknown>;
  text: string;
  headers: Headers;
}

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these tests through \`node scripts/content-test.mjs\` or \`npm test\``);
  return value;
}

export function contentUrl(): string {
  return requireEnv('CONTENT_URL').replace(/\/+$/, '');
}

export async function api<T = unknown>(
  path: string,
  { method = 'GET', token, body, base = contentUrl() }: { method?: string; token?: string | null; body?: unknown; base?: string } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return answerOf<T>(await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

/** A response as the tests read it: status, the parsed JSON body (empty when none), the raw text and the headers. */
async function answerOf<T>(response: Response): Promise<ApiResult<T>> {
  const text = await response.text();
  let parsed: ApiResult<T>['body'] = {};
  try {
    parsed = text ? (JSON.parse(text) as ApiResult<T>['body']) : {};
  } catch {
    parsed = {};
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}

/** The response's `data`, or a failure naming its status and body: tests read it without a non-null assertion. */
export function dataOf<T>(result: ApiResult<T>): T {
  const data = result.body.data;
  if (data === undefined || data === null) {
    throw new Error(`no data in the response: ${result.status} ${result.text.slice(0, 300)}`);
  }
  return data;
}

/** The first item of a list, or a failure naming what was expected. */
export function firstOf<T>(items: readonly T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`expected ${what}, got an empty list`);
  return item;
}

export async function login(email: string, password: string, base = contentUrl()): Promise<string> {
  const result = await api<{ access_token: string }>('/auth/login', { method: 'POST', body: { email, password }, base });
  if (result.status !== 200 || !result.body.data?.access_token) {
    throw new Error(`login of ${email} failed: ${result.status} ${result.text.slice(0, 200)}`);
  }
  return result.body.data.access_token;
}

export async function adminToken(base = contentUrl()): Promise<string> {
  return login(requireEnv('ADMIN_EMAIL'), requireEnv('ADMIN_PASSWORD'), base);
}

/** Query string for Directus: objects (filter, deep) are JSON-encoded as the storefront does. */
export function qs(params: Record<string, string | number | object>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return `?${search.toString()}`;
}

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function errorCode(result: ApiResult): string | undefined {
  return result.body.errors?.[0]?.extensions?.code;
}

/** POSTs a multipart body (an upload route of the booking extension) as `token`; the answer as `api` gives it. */
export async function postForm<T = unknown>(path: string, form: FormData, token: string | null): Promise<ApiResult<T>> {
  return answerOf<T>(await fetch(`${contentUrl()}${path}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} }));
}

/**
 * The rows a test file creates as the administrator (`token()`), removed newest first by `removeAll` in its
 * `afterAll`: `create` adds an item (a user through /users) and expects 200, `track` adds a path created otherwise.
 */
export function createdRows(token: () => string) {
  const paths: string[] = [];
  return {
    create: async <T extends { id: number | string }>(collection: string, body: Record<string, unknown>): Promise<T> => {
      const path = collection === 'directus_users' ? '/users' : `/items/${collection}`;
      const result = await api<T>(path, { method: 'POST', token: token(), body });
      expect(result.status, `create ${collection}: ${result.text.slice(0, 300)}`).toBe(200);
      const item = dataOf(result);
      paths.push(`${path}/${item.id}`);
      return item;
    },
    track: (path: string): void => {
      paths.push(path);
    },
    removeAll: async (): Promise<void> => {
      for (const path of paths.reverse()) await api(path, { method: 'DELETE', token: token() });
    },
  };
}

/** Panama wall clock (UTC-5, no daylight saving) `minutes` from now, to the minute: `YYYY-MM-DDTHH:mm`. */
export const panamaClock = (minutes: number): string => new Date(Date.now() - 5 * 3_600_000 + minutes * 60_000).toISOString().slice(0, 16);

const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
let plateSerial = Math.floor(Math.random() * 10_000);

/** A plate of Panama's form (two letters, four digits) that no other test is likely to have taken. */
export function testPlate(): string {
  const letter = () => PLATE_LETTERS[Math.floor(Math.random() * PLATE_LETTERS.length)] ?? 'Z';
  plateSerial = (plateSerial + 1) % 10_000;
  return `${letter()}${letter()}${String(plateSerial).padStart(4, '0')}`;
}

/**
 * `count` units (`vehicles`) of car model `car` at `branch`, ready, created through `create` (the file's createdRows, so
 * they are removed with its rows). A plate another test took meanwhile is drawn again.
 */
export async function createUnits(
  create: (collection: string, body: Record<string, unknown>) => Promise<{ id: number | string }>,
  car: number,
  branch: number,
  count: number,
  fields: Record<string, unknown> = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const unit = await create('vehicles', {
      plate: testPlate(), car, home_branch: branch, current_branch: branch, status: 'ready', mileage: 10_000, fuel_eighths: 8, ...fields,
    });
    ids.push(Number(unit.id));
  }
  return ids;
}
