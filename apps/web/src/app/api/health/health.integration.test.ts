import { describe, expect, it } from 'vitest';

// The storefront the harness started (WEB_URL), as a load balancer asks it.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3100';

describe('GET /api/health', () => {
  it('answers 200, never cached, saying the content service is up', async () => {
    const response = await fetch(`${webUrl}/api/health?require=content`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // Which instance answered, when the harness named it.
    expect(response.headers.get('x-served-by')).toBe(process.env.INSTANCE_NAME ?? null);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'ok', brand: 'firefly', contentService: 'up' });
    expect(typeof body.build).toBe('string');
  });
});
