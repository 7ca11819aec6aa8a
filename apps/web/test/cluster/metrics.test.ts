import { describe, expect, it } from 'vitest';
import { sampleSum } from '../prometheus';
import { instanceUrls, metricsUrls } from './cluster';

// Each instance serves its Prometheus metrics on a port of its own (METRICS_PORT, set by the cluster per instance).

async function scrape(metricsUrl: string): Promise<string> {
  const response = await fetch(metricsUrl);
  expect(response.status, metricsUrl).toBe(200);
  return response.text();
}

describe("each instance's metrics", () => {
  it('answer on its own port, naming the instance, and count the requests it served', async () => {
    const health = { route: '/api/health', method: 'GET', status: '200' };
    for (const [index, metricsUrl] of metricsUrls.entries()) {
      const before = sampleSum(await scrape(metricsUrl), 'storefront_http_requests_total', health) ?? 0;
      for (let i = 0; i < 3; i += 1) {
        const response = await fetch(`${instanceUrls[index] ?? ''}/api/health`);
        expect(response.status).toBe(200);
        await response.text();
      }
      const text = await scrape(metricsUrl);
      expect(sampleSum(text, 'storefront_info', { instance: `web-${index + 1}`, brand: 'firefly' }), metricsUrl).toBe(1);
      // A request is counted once its answer has left, which the client may see a moment before: ask again briefly.
      let counted = sampleSum(text, 'storefront_http_requests_total', health) ?? 0;
      for (let attempt = 0; attempt < 20 && counted < before + 3; attempt += 1) {
        await new Promise((done) => setTimeout(done, 100));
        counted = sampleSum(await scrape(metricsUrl), 'storefront_http_requests_total', health) ?? 0;
      }
      expect(counted, metricsUrl).toBeGreaterThanOrEqual(before + 3);
    }
  });
});
