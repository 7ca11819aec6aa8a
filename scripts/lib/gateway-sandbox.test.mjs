import { describe, expect, it } from 'vitest';
import { ROOT, gatewaySandboxEnvironment } from './gateway-sandbox.mjs';

describe('gateway sandbox settings', () => {
  it('uses the local defaults and sends webhooks to the storefront', () => {
    const { url, publicUrl, dataDir, sandbox } = gatewaySandboxEnvironment({});
    expect(url).toBe('http://127.0.0.1:8070');
    expect(publicUrl).toBe(url);
    expect(dataDir).toBe(`${ROOT}/services/gateway-sandbox/data`);
    expect(sandbox).toMatchObject({
      GATEWAY_SANDBOX_HOST: '127.0.0.1',
      GATEWAY_SANDBOX_PORT: '8070',
      METROBANK_PUBLISHABLE_KEY: 'pk_test_local_sandbox',
      METROBANK_SECRET_KEY: 'sk_test_local_sandbox',
      PAYPAL_WEBHOOK_ID: 'WH-LOCAL-SANDBOX',
      GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: 'http://127.0.0.1:3000/api/payments/webhooks/metrobank',
      GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: 'http://127.0.0.1:3000/api/payments/webhooks/paypal',
    });
  });

  it('follows WEB_PORT, keeps set destinations, and sends none for `off`', () => {
    const { sandbox } = gatewaySandboxEnvironment({
      WEB_PORT: '3100',
      GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: 'off',
      GATEWAY_SANDBOX_PUBLIC_URL: 'https://pay.example/',
      GATEWAY_SANDBOX_DATA_DIR: '/tmp/sandbox-data',
    });
    expect(sandbox.GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL).toBe('http://127.0.0.1:3100/api/payments/webhooks/metrobank');
    expect(sandbox.GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL).toBe('');
    expect(sandbox.GATEWAY_SANDBOX_PUBLIC_URL).toBe('https://pay.example');
    expect(sandbox.GATEWAY_SANDBOX_DATA_DIR).toBe('/tmp/sandbox-data');
  });

  it('names a port that is not one', () => {
    expect(() => gatewaySandboxEnvironment({ GATEWAY_SANDBOX_PORT: 'eighty' })).toThrow(/GATEWAY_SANDBOX_PORT/);
  });
});
