import { beforeAll, describe, expect, it } from 'vitest';
import { staffContent } from '../integration-clients';
import { contentUrl, getPage, instanceUrls } from './cluster';

// A corporate agent whose requests land on both instances at the moment the access token expires. The content service
// replaces a refresh token when it is used, so each instance refreshing on its own would sign the agent out on the
// second; the instances hand one refresh over through Redis instead.
const { signIn, content, seedRow } = staffContent(contentUrl);
type Row = Record<string, unknown> & { id: string | number };

const PASSWORD = 'agent-password-123';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const [first = '', second = ''] = instanceUrls;

let agentEmail = '';

beforeAll(async () => {
  await signIn();
  const role = await seedRow<Row>(`/roles?filter[name][_eq]=${encodeURIComponent('Corporate agent')}&fields=id`);
  const company = await seedRow<Row>(`/items/corporate_accounts?filter[status][_eq]=published&fields=id&limit=1`);
  agentEmail = `clara.${run}@agents.example.com`;
  await content('/users', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: agentEmail, password: PASSWORD, first_name: 'Clara', last_name: 'Clúster', role: role.id, status: 'active', language: 'es-ES', corporate_account: company.id }),
  });
});

/** A fresh session, as the storefront's login leaves it in the browser, with its access token already expired. */
async function expiredSession(): Promise<{ cookie: string; refreshToken: string }> {
  const response = await fetch(`${contentUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: agentEmail, password: PASSWORD, mode: 'json' }) });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { access_token: string; refresh_token: string } };
  const cookie = `i18n_redirected=es; language=es; auth_access_token=${data.access_token}; auth_refresh_token=${data.refresh_token}; auth_expires=${Date.now() - 60_000}`;
  return { cookie, refreshToken: data.refresh_token };
}

function newRefreshToken(headers: Headers): string | undefined {
  const line = headers.getSetCookie().find((value) => value.startsWith('auth_refresh_token='));
  return line?.slice('auth_refresh_token='.length).split(';')[0];
}

describe('an agent’s expired session across instances', () => {
  it('is refreshed once for requests that reach both instances together: the agent stays signed in on both', async () => {
    const session = await expiredSession();
    const pages = await Promise.all([getPage(`${first}/corporativo`, { cookie: session.cookie }), getPage(`${second}/corporativo`, { cookie: session.cookie })]);
    expect(pages.map((page) => page.servedBy)).toEqual(['web-1', 'web-2']);
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.body).toContain('Hola, Clara');
    }
    const tokens = pages.map((page) => newRefreshToken(page.headers));
    expect(tokens[0]).toBeTruthy();
    expect(tokens[0]).not.toBe(session.refreshToken);
    expect(tokens[1]).toBe(tokens[0]);
  });

  it('is refreshed once when the old cookie reaches the other instance a moment later (a request sent before the first answer came back)', async () => {
    const session = await expiredSession();
    const onFirst = await getPage(`${first}/corporativo`, { cookie: session.cookie });
    const onSecond = await getPage(`${second}/corporativo`, { cookie: session.cookie });
    expect([onFirst.status, onSecond.status]).toEqual([200, 200]);
    expect(onSecond.body).toContain('Hola, Clara');
    expect(newRefreshToken(onSecond.headers)).toBe(newRefreshToken(onFirst.headers));
  });

  it('still signs the agent out on every instance once the session is ended', async () => {
    const session = await expiredSession();
    const logout = await fetch(`${contentUrl}/auth/logout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: session.refreshToken, mode: 'json' }) });
    expect(logout.ok).toBe(true);
    for (const instance of [first, second]) {
      const page = await getPage(`${instance}/corporativo`, { cookie: session.cookie });
      expect(page.status).toBe(303);
      expect(page.headers.get('location')).toMatch(/\/corporativo\/ingresar\?motivo=expired$/);
    }
  });
});
