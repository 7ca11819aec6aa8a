import { describe, expect, it, vi } from 'vitest';

const contentRequest = vi.fn<() => Promise<unknown[]>>();
vi.mock('./client', () => ({ contentRequest: () => contentRequest() }));

const { getBranches } = await import('./branches');

const branch = (code: string, overrides: Record<string, unknown>) => ({ id: code, code, name: `Branch ${code}`, ...overrides });

describe('branches as the storefront shows them', () => {
  it('reads the airport fee and the opening hours as the content service stores them', async () => {
    contentRequest.mockResolvedValue([
      branch('PTY', { airport_fee_percent: '12.00', opening_hours: '[{"days":[0,1,2,3,4,5,6],"open":"00:00","close":"24:00"}]' }),
      branch('CTY', { airport_fee_percent: null, opening_hours: [{ days: [1, 2, 3, 4, 5], open: '07:00', close: '19:00' }] }),
    ]);
    const [airport, city] = await getBranches('es');
    expect(airport?.airportFeePercent).toBe(12);
    expect(airport?.openingHours).toEqual([{ days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }]);
    expect(city?.airportFeePercent).toBe(0);
    expect(city?.openingHours).toEqual([{ days: [1, 2, 3, 4, 5], open: '07:00', close: '19:00' }]);
  });

  it('shows a branch with malformed hours as closed, and a fee outside 0–100 as none, rather than failing the page', async () => {
    contentRequest.mockResolvedValue([branch('BAD', { airport_fee_percent: '120', opening_hours: [{ days: [1], open: '7:00', close: '19:00' }] })]);
    const [bad] = await getBranches('es');
    expect(bad?.openingHours).toEqual([]);
    expect(bad?.airportFeePercent).toBe(0);
  });

  it("shows each language's name, city, address and directions, the Spanish ones where staff left a language's empty", async () => {
    contentRequest.mockResolvedValue([
      branch('PTY', {
        name: 'Aeropuerto de Tocumen (PTY)',
        city: 'Ciudad de Panamá',
        opening_hours: [],
        address: 'Terminal 1, área de llegadas',
        translations: [
          { languages_code: 'es-ES', directions: 'Al salir de Aduanas, gira a la derecha.' },
          { languages_code: { code: 'en-US' }, name: 'Tocumen Airport (PTY)', city: 'Panama City', address: 'Terminal 1, arrivals hall', directions: 'After Customs, turn right.' },
        ],
      }),
      branch('BOQ', {
        name: 'Boquete',
        city: 'Boquete',
        opening_hours: [],
        address: 'Av. Central, diagonal al parque central',
        translations: [
          { languages_code: 'es-ES', directions: 'En la Av. Central.' },
          { languages_code: 'en-US', name: '', city: null, address: '  ', directions: 'On Av. Central.' },
        ],
      }),
    ]);
    const [tocumen, boquete] = await getBranches('en');
    expect(tocumen).toMatchObject({ code: 'PTY', name: 'Tocumen Airport (PTY)', city: 'Panama City', address: 'Terminal 1, arrivals hall', directions: 'After Customs, turn right.' });
    expect(boquete).toMatchObject({ code: 'BOQ', name: 'Boquete', city: 'Boquete', address: 'Av. Central, diagonal al parque central', directions: 'On Av. Central.' });
    const [tocumenInSpanish] = await getBranches('es');
    expect(tocumenInSpanish).toMatchObject({ name: 'Aeropuerto de Tocumen (PTY)', city: 'Ciudad de Panamá', address: 'Terminal 1, área de llegadas', directions: 'Al salir de Aduanas, gira a la derecha.' });
  });
});
