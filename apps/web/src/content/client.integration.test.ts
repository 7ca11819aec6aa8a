import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLogged, logged } from '../../test/log-capture';

vi.mock('@/lib/log', async () => (await import('../../test/log-capture')).fakeLogModule);

// Runs against the content service the harness started (CONTENT_URL), through the same modules pages use.
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8155';

async function importFresh(directusUrl: string) {
  vi.resetModules();
  process.env.DIRECTUS_URL = directusUrl;
  process.env.BRAND = 'firefly';
  const siteConfig = await import('./site-config');
  const fleet = await import('./fleet');
  return { ...siteConfig, ...fleet };
}

describe('content client against the content service', () => {
  it('reads the brand site config with both languages and its call-to-action blocks', async () => {
    const { getSiteConfig } = await importFresh(contentUrl);
    const site = await getSiteConfig('firefly');
    expect(site.siteName).toBe('Firefly');
    expect(site.logoUrl).toMatch(new RegExp(`^${contentUrl}/assets/[0-9a-f-]{36}$`));
    expect(site.text.es.heroTitle).not.toBe(site.text.en.heroTitle);
    expect(site.ctas.length).toBeGreaterThan(0);
    expect(site.paymentGateway).toBe('metrobank');
    const logo = await fetch(site.logoUrl ?? '');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toContain('svg');
  });

  it('reads the fleet limited to the brand’s classes, priced for the brand and sorted by price', async () => {
    const { getSiteConfig, getFleet } = await importFresh(contentUrl);
    const site = await getSiteConfig('firefly');
    const { cars, failed } = await getFleet(site);
    expect(failed).toBe(false);
    expect(cars.length).toBeGreaterThan(3);
    const rates = cars.map((car) => car.dailyRate);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    if (site.allowedClasses.length > 0) for (const car of cars) expect(site.allowedClasses).toContain(car.classCode);
    for (const car of cars) {
      expect(Number.isInteger(car.dailyRate)).toBe(true);
      expect(car.prepaidDailyRate).toBeLessThanOrEqual(car.dailyRate);
      expect(car.minimumDays).toBeGreaterThanOrEqual(1);
    }
  });

  describe('when the content service is down', () => {
    /** The errors logged, `[area] message` each. */
    const errors = () => logged().filter((line) => line.level === 'error').map((line) => `[${line.area}] ${line.msg}`);
    beforeEach(() => clearLogged());

    it('a site config failure is fatal with [Site Config Error]', async () => {
      const { getSiteConfig } = await importFresh('http://127.0.0.1:9');
      await expect(getSiteConfig('firefly')).rejects.toMatchObject({ message: expect.stringMatching(/^\[Site Config Error\] /), statusCode: 500 });
      expect(errors().some((line) => line.startsWith('[content] GET /items/sites_config'))).toBe(true);
    });

    it('a fleet failure logs Error retrieving cars, then Error getting cars', async () => {
      const up = await importFresh(contentUrl);
      const site = await up.getSiteConfig('firefly');
      const down = await importFresh('http://127.0.0.1:9');
      const result = await down.getFleet(site);
      expect(result).toEqual({ cars: [], failed: true });
      const retrieving = errors().indexOf('[content] Error retrieving cars');
      const getting = errors().indexOf('[content] Error getting cars');
      expect(retrieving).toBeGreaterThanOrEqual(0);
      expect(getting).toBeGreaterThan(retrieving);
    });

    it('a failed request carries status code, status text and body', async () => {
      const { toContentServiceError } = await import('./errors');
      const response = new Response('{}', { status: 403, statusText: 'Forbidden' });
      const error = toContentServiceError({ errors: [{ message: 'no' }], response }, 'GET /items/reservations');
      expect(error).toMatchObject({ statusCode: 403, statusMessage: 'Forbidden', body: [{ message: 'no' }] });
    });
  });
});
