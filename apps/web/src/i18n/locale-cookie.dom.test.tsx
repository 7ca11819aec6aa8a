import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberedLocaleInBrowser, rememberLocaleInBrowser } from './locale-cookie';

function clearCookies() {
  for (const name of ['i18n_redirected', 'language']) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('the remembered language in the browser', () => {
  afterEach(() => {
    clearCookies();
    vi.restoreAllMocks();
  });

  it('is written under both names, for a year, on the whole site', () => {
    const written: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      cookie?.set?.call(document, value);
    });
    rememberLocaleInBrowser('en');
    expect(written).toEqual(['i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=lax', 'language=en; Max-Age=31536000; Path=/; SameSite=lax']);
    expect(rememberedLocaleInBrowser()).toBe('en');
  });

  it('is not written again when it already names the language', () => {
    rememberLocaleInBrowser('es');
    const set = vi.spyOn(document, 'cookie', 'set');
    rememberLocaleInBrowser('es');
    expect(set).not.toHaveBeenCalled();
    rememberLocaleInBrowser('en');
    expect(set).toHaveBeenCalledTimes(2);
  });

  it('counts as unknown when the two names disagree', () => {
    document.cookie = 'i18n_redirected=en; Path=/';
    document.cookie = 'language=es; Path=/';
    expect(rememberedLocaleInBrowser()).toBeUndefined();
  });
});
