import { createTranslator } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../test/render-in-language';
import type { Promo, PromoSeason } from '@/content';

// The server's translator, as getTranslations gives it on a page of that language.
vi.mock('next-intl/server', () => ({
  getTranslations: ({ locale, namespace }: { locale: 'es' | 'en'; namespace: 'promos' }) =>
    Promise.resolve(createTranslator({ locale, messages: catalogues[locale], namespace })),
}));
// The card's form posts to this server action; rendering the card does not call it.
vi.mock('./promo-actions', () => ({ bookWithPromoCode: vi.fn() }));

const { PromoCard } = await import('./promo-card');

const lowSeason: PromoSeason = { starts: '2031-05-01', ends: '2031-06-30', adjustmentPercent: -15, carClasses: [] };

function promo(fields: Partial<Promo>): Promo {
  const text = { title: 'Temporada baja', description: '', terms: '' };
  return { id: '1', slug: 'temporada-baja', couponCode: undefined, validFrom: undefined, validUntil: undefined, imageUrl: undefined, text: { es: text, en: text }, ...fields };
}

/** The card's lines as a renter reads them, by their test ids. */
async function cardLines(locale: 'es' | 'en', shown: Promo): Promise<{ season: string | undefined; validity: string | undefined }> {
  const html = renderToStaticMarkup(await PromoCard({ promo: shown, locale }));
  const line = (testId: string) => {
    const match = new RegExp(`<p[^>]*data-testid="${testId}"[^>]*>(.*?)</p>`).exec(html);
    return match?.[1]?.replace(/<[^>]+>/g, '').trim();
  };
  return { season: line('promo-season'), validity: line('promo-validity') };
}

describe('PromoCard with a season', () => {
  it('tells a lower price per day over the season, and runs over its days when the promotion has none', async () => {
    expect(await cardLines('es', promo({ season: lowSeason }))).toEqual({
      season: 'Temporada: 15 % menos por día del 1 de mayo de 2031 al 30 de junio de 2031',
      validity: 'Válida del 1 de mayo de 2031 al 30 de junio de 2031',
    });
    expect(await cardLines('en', promo({ season: lowSeason }))).toEqual({
      season: 'Season: 15% off every day from May 1, 2031 to June 30, 2031',
      validity: 'Valid from May 1, 2031 to June 30, 2031',
    });
  });

  it('tells a higher price as season rates, with the sign', async () => {
    const high = { ...lowSeason, adjustmentPercent: 20 };
    expect((await cardLines('es', promo({ season: high }))).season).toBe('Tarifas de temporada: +20 % por día del 1 de mayo de 2031 al 30 de junio de 2031');
    expect((await cardLines('en', promo({ season: high }))).season).toBe('Season rates: +20% per day from May 1, 2031 to June 30, 2031');
  });

  it('names the classes of a season for some classes only, and a fraction in each language', async () => {
    const classes = { ...lowSeason, adjustmentPercent: -12.5, carClasses: ['MDMR', 'CDAR'] };
    expect((await cardLines('es', promo({ season: classes }))).season).toBe(
      'Temporada: 12,5 % menos por día en autos clase MDMR, CDAR del 1 de mayo de 2031 al 30 de junio de 2031',
    );
    expect((await cardLines('en', promo({ season: classes }))).season).toBe('Season: 12.5% off every day on class MDMR, CDAR cars from May 1, 2031 to June 30, 2031');
    const higher = { ...classes, adjustmentPercent: 20 };
    expect((await cardLines('en', promo({ season: higher }))).season).toBe('Season rates: +20% per day on class MDMR, CDAR cars from May 1, 2031 to June 30, 2031');
  });

  it('keeps its own dates as its validity, and the season line gives the season\'s', async () => {
    const lines = await cardLines('es', promo({ season: lowSeason, validFrom: '2031-04-15', validUntil: '2031-05-31' }));
    expect(lines.validity).toBe('Válida del 15 de abril de 2031 al 31 de mayo de 2031');
    expect(lines.season).toBe('Temporada: 15 % menos por día del 1 de mayo de 2031 al 30 de junio de 2031');
  });

  it('has no season line without a season, or with one that changes nothing', async () => {
    expect((await cardLines('es', promo({}))).season).toBeUndefined();
    expect((await cardLines('en', promo({ season: { ...lowSeason, adjustmentPercent: 0 } }))).season).toBeUndefined();
  });
});
