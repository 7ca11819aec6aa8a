import { describe, expect, it } from 'vitest';
import { directusAdminPage, isPage, languageOf, recipientOf, storefrontInvitation } from './mail';

describe('account e-mails', () => {
  it('read the recipient as Directus gives it', () => {
    expect(recipientOf(' ana@example.com ')).toBe('ana@example.com');
    expect(recipientOf({ address: 'ana@example.com', name: 'Ana' })).toBe('ana@example.com');
    expect(recipientOf(['ana@example.com', 'other@example.com'])).toBe('ana@example.com');
    expect(recipientOf('not an address')).toBeNull();
    expect(recipientOf(undefined)).toBeNull();
  });

  it('take English for en-* users, Spanish for any other language, and the link\'s language without one', () => {
    expect(languageOf('en-GB')).toBe('en');
    expect(languageOf('es-ES')).toBe('es');
    expect(languageOf('fr-FR')).toBe('es');
    expect(languageOf(null)).toBeNull();
  });

  it('recognise Directus\' own invitation page and rewrite it to the storefront\'s, same token', () => {
    const page = directusAdminPage('https://content.example.com/', 'accept-invite');
    expect(page).toBe('https://content.example.com/admin/accept-invite');
    expect(directusAdminPage(undefined, 'accept-invite')).toBeNull();
    expect(isPage('https://content.example.com/admin/accept-invite?token=abc', page)).toBe(true);
    expect(isPage('https://elsewhere.example.com/admin/accept-invite?token=abc', page)).toBe(false);
    expect(storefrontInvitation('https://content.example.com/admin/accept-invite?token=abc', ['https://shop.example.com', 'https://b.example.com'], 'en'))
      .toBe('https://shop.example.com/en/corporativo/invitacion?token=abc');
    expect(storefrontInvitation('https://content.example.com/admin/accept-invite?token=abc', ['https://shop.example.com'], null))
      .toBe('https://shop.example.com/corporativo/invitacion?token=abc');
  });
});
