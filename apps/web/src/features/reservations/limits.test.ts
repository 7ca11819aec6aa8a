import { describe, expect, it } from 'vitest';
import { reservationsPerClient, RESERVATIONS_WINDOW_SECONDS } from './limits';

describe('reservations per client', () => {
  it('counts a renter’s address against the brand’s limit for 24 hours', () => {
    expect(reservationsPerClient('203.0.113.7', 10)).toEqual({ key: 'reservations:203.0.113.7', limit: 10, windowSeconds: RESERVATIONS_WINDOW_SECONDS });
    expect(RESERVATIONS_WINDOW_SECONDS).toBe(86_400);
    expect(reservationsPerClient('2001:db8::1', 3)?.limit).toBe(3);
    expect(reservationsPerClient('x'.repeat(400), 3)?.key).toHaveLength(255);
  });

  it('does not count the machine itself', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1']) {
      expect(reservationsPerClient(address, 10), address).toBeUndefined();
    }
  });
});
