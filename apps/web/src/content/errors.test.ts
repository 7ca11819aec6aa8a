import { describe, expect, it, vi } from 'vitest';
import { installMetricsRecorder, type MetricsRecorder } from '@/lib/metrics';
import { toContentServiceError } from './errors';

// What the content service's failures count in the storefront's metrics (storefront_content_service_errors_total).
describe('a failed content-service request', () => {
  const counted: (number | 'unreachable')[] = [];
  const recorder: MetricsRecorder = {
    observeRequest: vi.fn(),
    stringAnswer: vi.fn(),
    quote: vi.fn(),
    booking: vi.fn(),
    payment: vi.fn(),
    contentServiceError: (status) => counted.push(status),
    gatewayError: vi.fn(),
    rateLimitRefusal: vi.fn(),
  };
  installMetricsRecorder(recorder);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const sdkFailure = (status: number) => ({ errors: [], response: new Response(null, { status }) });

  it('counts the service failing (5xx, or no answer), not its answers (4xx)', () => {
    counted.length = 0;
    expect(toContentServiceError(sdkFailure(409), 'POST /booking/reservations').statusCode).toBe(409);
    expect(toContentServiceError(sdkFailure(404), 'GET /items/x', [404]).statusCode).toBe(404);
    expect(toContentServiceError(sdkFailure(502), 'GET /items/flota').statusCode).toBe(502);
    expect(toContentServiceError(new TypeError('fetch failed'), 'GET /items/flota').statusCode).toBe(503);
    expect(counted).toEqual([502, 'unreachable']);
  });
});
