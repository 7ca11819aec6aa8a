import { describe, expect, it } from 'vitest';
import { clientAddress, isLoopbackAddress } from './client-address';

describe('clientAddress', () => {
  it('takes the first X-Forwarded-For address, then X-Real-IP', () => {
    expect(clientAddress(new Headers({ 'x-forwarded-for': ' 203.0.113.7 , 10.0.0.1' }))).toBe('203.0.113.7');
    expect(clientAddress(new Headers({ 'x-real-ip': '198.51.100.2' }))).toBe('198.51.100.2');
    expect(clientAddress(new Headers())).toBe('unknown');
  });
});

describe('isLoopbackAddress', () => {
  it('knows the machine itself, IPv4, IPv6 and IPv4-mapped', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '128.0.0.1', '1127.0.0.1', '::2', '::ffff:10.0.0.1', 'unknown']) expect(isLoopbackAddress(address), address).toBe(false);
  });
});
