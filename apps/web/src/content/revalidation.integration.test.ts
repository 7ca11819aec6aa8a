import { describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/content-admin';

// The storefront (WEB_URL) and the content service (CONTENT_URL) the harness started.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3100';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8155';
const secret = process.env.REVALIDATE_SECRET ?? '';

describe('revalidation webhook', () => {
  it('refuses a missing or wrong secret with 401', async () => {
    for (const headers of [{}, { 'x-revalidate-secret': 'wrong' }] as Record<string, string>[]) {
      const response = await fetch(`${webUrl}/api/revalidate`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"collection":"flota"}' });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toMatch(/x-revalidate-secret/);
    }
  });

  it('answers a malformed body with 400 and a reason', async () => {
    for (const body of ['not json', '{}', '{"collection":"DROP TABLE"}', '{"collection":"flota","keys":"all"}']) {
      const response = await fetch(`${webUrl}/api/revalidate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-revalidate-secret': secret }, body });
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(5);
    }
  });

  it('an edit in the content service reaches the page through the webhook', async () => {
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
      // Stale-while-revalidate: the first visits after the webhook may still get the old page.
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
