// No edit is lost to downtime: a car renamed while the storefront is stopped (its webhook lost) shows after a restart,
// because the storefront rechecks at start what changed since its cache was written; and when the content service is
// down at that start, the storefront starts anyway, serves its cache, and rechecks once the content service is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingProxy, type CountingProxy } from '../../../../scripts/lib/counting-proxy.mjs';
import { adminHeaders } from '../content-admin';
import {
  cloneBuild,
  freePort,
  startOwnContentService,
  startStorefront,
  storefrontEnv,
  waitForOutput,
  type StorefrontProcess,
} from './storefront-process';

type Car = { id: number; marca: string; modelo: string };

// How a car card names a car in Spanish (messages/es.json fleet.orSimilar).
const cardName = (marca: string, modelo: string) => `${marca} ${modelo} o similar`;

describe('an edit made while the storefront is stopped', () => {
  const build = cloneBuild('edit-while-stopped');
  let content: Awaited<ReturnType<typeof startOwnContentService>>;
  let storefront: StorefrontProcess | undefined;
  let gateway: CountingProxy | undefined;
  let admin: Record<string, string> = {};
  // The car the tests rename, as the storefront showed it last.
  let car: Car | undefined;

  async function asAdmin(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${content.service.url}${path}`, { ...init, headers: admin });
  }

  async function renameCar(shown: Car, modelo: string): Promise<Car> {
    const response = await asAdmin(`/items/flota/${shown.id}`, { method: 'PATCH', body: JSON.stringify({ modelo }) });
    expect(response.status).toBe(200);
    return { ...shown, modelo };
  }

  const fleetPage = async () => (await fetch(`${storefront?.url ?? ''}/flota`)).text();

  beforeAll(async () => {
    content = await startOwnContentService();
    admin = await adminHeaders(content.service.url);
  });

  afterAll(async () => {
    await storefront?.stop();
    await gateway?.stop();
    await content?.stop();
    build.remove();
  });

  it('shows after a restart, although no webhook told the storefront', async () => {
    storefront = await startStorefront(build.distDir, storefrontEnv(content.service.url));
    const before = await fleetPage();
    const cars = ((await (await asAdmin('/items/flota?fields=id,marca,modelo&limit=-1')).json()) as { data: Car[] }).data;
    const shown = cars.find((candidate) => before.includes(cardName(candidate.marca, candidate.modelo)));
    if (!shown) throw new Error('no car of the content service is on the fleet page');

    await storefront.stop();
    storefront = undefined;
    car = await renameCar(shown, `${shown.modelo} Renombrado`);

    storefront = await startStorefront(build.distDir, storefrontEnv(content.service.url));
    expect(storefront.output()).toMatch(/start-up recheck: changed since .*content:flota/);
    // The page cached before the stop survived it (that is why the rename would otherwise never show): the first visit
    // still gets it, stale, while the new one renders in the background.
    expect(await fleetPage()).toContain(cardName(shown.marca, shown.modelo));
    await expect.poll(fleetPage, { timeout: 20_000, interval: 250 }).toContain(cardName(car.marca, car.modelo));
  });

  it('a later restart expires only what changed, not all content', async () => {
    await storefront?.stop();
    storefront = await startStorefront(build.distDir, storefrontEnv(content.service.url));
    // The rename is still inside the recheck's 5-minute clock margin; nothing else changed.
    expect(storefront.output()).toMatch(/start-up recheck: changed since \S+: expired content:flota\n/);
  });

  it('with the content service down at start, starts, serves its cache, and rechecks once it is back', async () => {
    if (!car) throw new Error('the first test did not rename a car');
    await storefront?.stop();
    storefront = undefined;
    const shown = car;
    car = await renameCar(shown, `${shown.modelo} Otra Vez`);

    // The storefront reaches the content service through an address where nothing answers yet.
    const gatewayPort = await freePort();
    storefront = await startStorefront(build.distDir, storefrontEnv(`http://127.0.0.1:${gatewayPort}`), {
      recheck: /\[content\] start-up recheck failed \(503 .*\); trying again in 5 s/,
    });
    const cached = await fetch(`${storefront.url}/flota`);
    expect(cached.status).toBe(200);
    expect(await cached.text()).toContain(cardName(shown.marca, shown.modelo));

    gateway = await startCountingProxy({ host: '127.0.0.1', port: gatewayPort, target: content.service.url });
    await waitForOutput(storefront, /start-up recheck: changed since .*content:flota/, 30_000);
    await expect.poll(fleetPage, { timeout: 20_000, interval: 250 }).toContain(cardName(car.marca, car.modelo));
  });
});
