import { describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/content-admin';

// The storefront (WEB_URL) and the content service (CONTENT_URL) the harness started.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3100';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8155';
// Each kind's own secret, as the harness gave it to both services.
const secrets = {
  revalidate: process.env.REVALIDATE_SECRET ?? '',
  'account-emails': process.env.ACCOUNT_EMAILS_SECRET ?? '',
  reminders: process.env.REMINDERS_SECRET ?? '',
};
type Kind = keyof typeof secrets;
const kinds = Object.keys(secrets) as Kind[];

function callback(kind: string, body: string, secret?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== undefined) headers['x-callback-secret'] = secret;
  return fetch(`${webUrl}/api/content-callbacks/${kind}`, { method: 'POST', headers, body });
}

describe('callbacks from the content service', () => {
  it('were given a secret per kind, each different', () => {
    expect(new Set(Object.values(secrets).filter((secret) => secret.length >= 16)).size).toBe(3);
  });

  it('refuses a missing or wrong secret with 401', async () => {
    for (const secret of [undefined, 'wrong']) {
      const response = await callback('revalidate', '{"collection":"flota"}', secret);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toMatch(/x-callback-secret/);
    }
  });

  it('refuses one kind’s secret for every other kind with 401', async () => {
    for (const kind of kinds) {
      for (const other of kinds.filter((name) => name !== kind)) {
        expect((await callback(kind, '{}', secrets[other])).status, `${kind} with the ${other} secret`).toBe(401);
      }
      // Its own secret passes: the empty body is then what is refused.
      expect((await callback(kind, '{}', secrets[kind])).status, `${kind} with its own secret`).toBe(400);
    }
  });

  it('answers a kind it does not take with 404 naming the kinds', async () => {
    const response = await callback('revalidation', '{"collection":"flota"}', secrets.revalidate);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toMatch(/revalidate, account-emails, reminders/);
  });

  it('answers a malformed body with 400 and a reason', async () => {
    for (const body of ['not json', '{}', '{"collection":"DROP TABLE"}', '{"collection":"flota","keys":"all"}']) {
      const response = await callback('revalidate', body, secrets.revalidate);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(5);
    }
  });

  it('an edit in the content service reaches the page through the revalidate callback', async () => {
    const path = '/info/preguntas-frecuentes';
    const before = await (await fetch(`${webUrl}${path}`)).text();
    expect(before).toContain('<h1');
    const auth = await adminHeaders(contentUrl);
    const lookup = await fetch(`${contentUrl}/items/info_pages?filter[slug][_eq]=preguntas-frecuentes&fields=id,translations.id,translations.languages_code,translations.title`, { headers: auth });
    const page = ((await lookup.json()) as { data: { id: number; translations: { id: number; languages_code: string; title: string }[] }[] }).data[0];
    const spanish = page?.translations.find((translation) => translation.languages_code === 'es-ES');
    expect(spanish).toBeDefined();
    const original = spanish?.title ?? '';
    const changed = `${original} (actualizado ${Date.now()})`;
    try {
      const patch = await fetch(`${contentUrl}/items/info_pages/${page?.id}`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ translations: { update: [{ id: spanish?.id, title: changed }] } }),
      });
      expect(patch.status).toBe(200);
      // Stale-while-revalidate: the first visits after the callback may still get the old page.
      await expect
        .poll(async () => (await (await fetch(`${webUrl}${path}`)).text()).includes(changed), { timeout: 15_000, interval: 500 })
        .toBe(true);
    } finally {
      await fetch(`${contentUrl}/items/info_pages/${page?.id}`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ translations: { update: [{ id: spanish?.id, title: original }] } }),
      });
    }
  });
});
