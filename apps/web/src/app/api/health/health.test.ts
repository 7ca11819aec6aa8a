import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/env', () => ({ serverEnv: () => ({ brand: 'firefly', directusUrl: 'http://127.0.0.1:1' }) }));

const { GET } = await import('./route');

describe('the health check with the content service down', () => {
  it('keeps the instance in rotation (cached pages still serve) but says so', async () => {
    const response = await GET(new Request('http://shop.test/api/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', contentService: 'down' });
  });

  it('is a 503 for a check that needs the content service too', async () => {
    const response = await GET(new Request('http://shop.test/api/health?require=content'));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded', contentService: 'down' });
  });
});
