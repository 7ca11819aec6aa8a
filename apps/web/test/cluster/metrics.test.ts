import { describe, expect, it } from 'vitest';
import { sampleSum } from '../prometheus';
import { instanceUrls, metricsUrls } from './cluster';

// Each instance serves its Prometheus metrics on a port of its own (METRICS_PORT, set by the cluster per instance).

describe("each instance's metrics", () => {
  it('answer on its own port, naming the instance, and count the requests it served', async () => {
    for (const [index, metricsUrl] of metricsUrls.entries()) {
      const scrape = async () => {
        const response = await fetch(metricsUrl);
        expect(response.status, metricsUrl).toBe(200);
        return response.text();
      };
      const health = { route: '/api/health', method: 'GET', status: '200' };
      const before = sampleSum(await scrape(), 'storefront_http_requests_total', health) ?? 0;
      const instanceUrl = instanceUrls[index] ?? '';
      for (let i = 0; i < 3; i += 1) expect((await fetch(`${instanceUrl}/api/health`)).status).toBe(200);
      const after = await scrape();
      expect(sampleSum(after, 'storefront_info', { instance: `web-${index + 1}`, brand: 'firefly' }), metricsUrl).toBe(1);
      expect(sampleSum(after, 'storefront_http_requests_total', health)).toBeGreaterThanOrEqual(before + 3);
    }
  });
});
