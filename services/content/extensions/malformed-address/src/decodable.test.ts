import { describe, expect, it } from 'vitest';
import { isDecodable } from './decodable';

describe('a path', () => {
  it('is decodable unless a % sign starts no valid encoded character', () => {
    expect(isDecodable('/items/flota/3')).toBe(true);
    expect(isDecodable('/items/flota/%C3%B1')).toBe(true);
    expect(isDecodable('/items/flota/%ff')).toBe(false);
    expect(isDecodable('/booking/reservations/%')).toBe(false);
  });
});
