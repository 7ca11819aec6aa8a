import { describe, expect, it } from 'vitest';
import { PAGE_VIEW_EVENT, pageViewEvent, routeName, validateContainerId } from './tag-manager';

describe('tag manager container id', () => {
  it.each(['GTM-ABC1234', 'G-12AB34CD56'])('accepts %s', (id) => {
    expect(validateContainerId(id)).toBe(id);
  });
  it('means "no tag manager" when absent', () => {
    expect(validateContainerId(undefined)).toBeUndefined();
    expect(validateContainerId('')).toBeUndefined();
  });
  it.each(['UA-12345-1', 'gtm-abc1234', 'GTM-', 'GTM-ABC 123', '<script>'])('throws on malformed %s', (id) => {
    expect(() => validateContainerId(id)).toThrow(/Invalid tag manager container id/);
  });
});

describe('page view events', () => {
  it('names routes like the original router and carries the path', () => {
    expect(routeName('/')).toBe('index');
    expect(routeName('/flota')).toBe('flota');
    expect(routeName('/info/terminos-y-condiciones')).toBe('info-slug');
    expect(routeName('/reserva/thanks')).toBe('reserva-thanks');
    expect(pageViewEvent('/flota', '/en/flota')).toEqual({ event: PAGE_VIEW_EVENT, name: 'flota', path: '/en/flota' });
    expect(PAGE_VIEW_EVENT).toBe('content-view');
  });
});
