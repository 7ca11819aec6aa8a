import { describe, expect, it } from 'vitest';
import { branchAnchorId, displayPhone, fullAddress, mapUrl, phoneHref } from './branch-links';

const place = { name: 'Colón', address: 'Av. Roosevelt, local 5', city: 'Colón', province: 'Colón', latitude: 9.358, longitude: -79.9007 };

describe('links of a branch', () => {
  it('anchors each branch at its code', () => {
    expect(branchAnchorId('PTY')).toBe('PTY');
    expect(branchAnchorId(' DAV ')).toBe('DAV');
    expect(branchAnchorId('PTY 2/Sur')).toBe('PTY-2-Sur');
    expect(branchAnchorId('123')).toBe('branch-123');
  });

  it('opens the map at the coordinates, or at the address without them', () => {
    expect(mapUrl(place)).toBe('https://www.google.com/maps/search/?api=1&query=9.358%2C-79.9007');
    const byAddress = new URL(mapUrl({ ...place, latitude: undefined }));
    expect(byAddress.origin).toBe('https://www.google.com');
    expect(byAddress.searchParams.get('query')).toBe('Colón, Av. Roosevelt, local 5, Colón, Colón, Panamá');
    expect(new URL(mapUrl({ ...place, latitude: 190 })).searchParams.get('query')).toContain('Av. Roosevelt');
  });

  it('writes Panama numbers the local way and dials them as stored', () => {
    expect(displayPhone('+5072384100')).toBe('+507 238-4100');
    expect(displayPhone('+50761234567')).toBe('+507 6123-4567');
    expect(displayPhone('+1 305 555 0100')).toBe('+1 305 555 0100');
    expect(phoneHref('+507 238-4100')).toBe('tel:+5072384100');
  });

  it('writes the address with its town and province, once each', () => {
    expect(fullAddress({ address: 'Vía al Aeropuerto, David', city: 'David', province: 'Chiriquí' })).toBe('Vía al Aeropuerto, David, Chiriquí');
    expect(fullAddress({ address: 'Av. Roosevelt, local 5, Colón', city: 'Colón', province: 'Colón' })).toBe('Av. Roosevelt, local 5, Colón');
    expect(fullAddress({ address: 'Calle 50, Obarrio', city: 'Ciudad de Panamá', province: 'Panamá' })).toBe('Calle 50, Obarrio, Ciudad de Panamá, Panamá');
    expect(fullAddress({ address: 'Plaza, local 7, Santiago', city: 'Santiago', province: 'Veraguas' })).toBe('Plaza, local 7, Santiago, Veraguas');
    expect(fullAddress({ address: 'Calle A, Chitre', city: 'Chitré', province: '' })).toBe('Calle A, Chitre');
    expect(fullAddress({ address: '', city: 'Boquete', province: 'Chiriquí' })).toBe('Boquete, Chiriquí');
  });
});
