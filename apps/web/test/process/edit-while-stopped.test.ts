// No edit is lost to downtime: a car renamed while the storefront is stopped (its webhook lost) shows after a restart,
// because the storefront rechecks at start what changed since its cache was written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneBuild, requireEnv, startOwnContentService, startStorefront, storefrontEnv, type StorefrontProcess } from './storefront-process';

type Car = { id: number; marca: string; modelo: string };

// How a car card names a car in Spanish (messages/es.json fleet.orSimilar).
const cardName = (marca: string, modelo: string) => `${marca} ${modelo} o similar`;

describe('an edit made while the storefront is stopped', () => {
  const build = cloneBuild('edit-while-stopped');
  let content: Awaited<ReturnType<typeof startOwnContentService>>;
  let storefront: StorefrontProcess | undefined;
  let admin = '';

  async function asAdmin(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${content.service.url}${path}`, { ...init, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' } });
  }

  const fleetPage = async () => (await fetch(`${storefront?.url ?? ''}/flota`)).text();

  beforeAll(async () => {
    content = await startOwnContentService();
    const login = await fetch(`${content.service.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: requireEnv('ADMIN_EMAIL'), password: requireEnv('ADMIN_PASSWORD') }),
    });
    admin = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  });

  afterAll(async () => {
    await storefront?.stop();
    await content?.stop();
    build.remove();
  });

  it('shows after a restart, although no webhook told the storefront', async () => {
    storefront = await startStorefront(build.distDir, storefrontEnv(content.service.url));
    const before = await fleetPage();
    const cars = ((await (await asAdmin('/items/flota?fields=id,marca,modelo&limit=-1')).json()) as { data: Car[] }).data;
    const car = cars.find((candidate) => before.includes(cardName(candidate.marca, candidate.modelo)));
    if (!car) throw new Error('no car of the content service is on the fleet page');

    await storefront.stop();
    storefront = undefined;
    const renamed = `${car.modelo} Renombrado`;
    expect((await asAdmin(`/items/flota/${car.id}`, { method: 'PATCH', body: JSON.stringify({ modelo: renamed }) })).status).toBe(200);

    storefront = await startStorefront(build.distDir, storefrontEnv(content.service.url));
    expect(storefront.output()).toMatch(/start-up recheck: changed since .*content:flota/);
    // The first visit may still get the cached page while the new one renders in the background.
    await expect.poll(fleetPage, { timeout: 20_000, interval: 250 }).toContain(cardName(car.marca, renamed));
  });

  it('a later restart expires only what changed, not all content', async () => {
    await storefront?.stop();
    storefront = await startStorefront(build.distDir, storefrontEnv(content.service.url));
    // The rename is still inside the recheck's 5-minute clock margin; nothing else changed.
    expect(storefront.output()).toMatch(/start-up recheck: changed since \S+: expired content:flota\n/);
  });
});
