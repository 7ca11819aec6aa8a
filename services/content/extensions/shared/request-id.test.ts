import { describe, expect, it } from 'vitest';
import { requestFields, requestIdOf } from './request-id';

describe('a caller\'s request id', () => {
  it('is taken as sent when well formed: nginx\'s 32 hexadecimal digits, a UUID', () => {
    expect(requestIdOf('6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f')).toBe('6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f');
    expect(requestIdOf('0b5f7c9e-3d1a-4e2b-9c8d-7a6b5c4d3e2f')).toBe('0b5f7c9e-3d1a-4e2b-9c8d-7a6b5c4d3e2f');
    expect(requestFields({ 'x-request-id': '6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f' })).toEqual({ reqId: '6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f' });
  });

  it('is left out when missing, repeated, too short or long, or able to break a log line', () => {
    for (const sent of [undefined, ['a', 'b'], 'short', 'x'.repeat(129), 'abc def ghi', 'abcdefgh\n{"level":60}', 'abcdefgh"}']) {
      expect(requestIdOf(sent), JSON.stringify(sent)).toBeUndefined();
    }
    expect(requestFields({})).toEqual({});
  });
});
