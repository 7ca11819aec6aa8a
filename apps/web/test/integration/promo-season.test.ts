import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { formatContentDate } from '@/i18n/format-date';
import { eventually, staffContent } from '../integration-clients';

// The promotions page tells a linked season: staff link a rate season to a promotion in the admin, and /es/promos and
// /en/promos say what the season does to the daily price within seconds; drafting the season or unlinking it takes
// the sentence away again.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8055';

type Row = Record<string, unknown> & { id: number };

const { signIn, content } = staffContent(contentUrl);

// Days 9,000 and later (about 25 years ahead): the published season of this file prices only dates no other file
// quotes or books (rate-plans-api 5,000 to 6,100, the others below); within the band, per run.
const RUN_OFFSET = 9_000 + (Date.now() % 1000);
const today = formatPanamaDate(new Date());
const seasonStarts = addDaysToLocalDate(today, RUN_OFFSET);
const seasonEnds = addDaysToLocalDate(seasonStarts, 60);
// The promotion is announced from yesterday and has no end of its own: it runs until the season's last day.
const announced = addDaysToLocalDate(today, -1);

/** Staff edits reach the storefront through the revalidation webhook within seconds (10 s at most here). */
const untilStorefrontSees = (check: () => Promise<boolean>) => eventually(check, 'the storefront saw the staff edit', 40);

/** The text of a promotions page as a renter reads it (tags removed, spaces collapsed). */
async function promosPage(locale: 'es' | 'en'): Promise<string> {
  const response = await fetch(`${webUrl}/${locale}/promos`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

const es = { from: formatContentDate(seasonStarts, 'es'), until: formatContentDate(seasonEnds, 'es') };
const en = { from: formatContentDate(seasonStarts, 'en'), until: formatContentDate(seasonEnds, 'en') };
const lowerEs = `Temporada: 15 % menos por día del ${es.from} al ${es.until}`;
const lowerEn = `Season: 15% off every day from ${en.from} to ${en.until}`;
const higherEs = `Tarifas de temporada: +20 % por día en autos clase MDMR, CDAR del ${es.from} al ${es.until}`;
const higherEn = `Season rates: +20% per day on class MDMR, CDAR cars from ${en.from} to ${en.until}`;

beforeAll(async () => {
  await signIn();
});

describe('a promotion linked to a season', () => {
  it('shows the season’s change and dates on /es/promos and /en/promos, and stops when the season is a draft or unlinked', async () => {
    const tag = randomUUID().slice(0, 8);
    const title = { es: `Temporada de prueba ${tag}`, en: `Test season ${tag}` };
    const season = await content<Row>('/items/rate_seasons', {
      method: 'POST',
      body: JSON.stringify({ status: 'published', name: title.es, starts: seasonStarts, ends: seasonEnds, adjustment_percent: -15, brands: [], car_classes: [] }),
    });
    let promo: Row | undefined;
    try {
      promo = await content<Row>('/items/promos', {
        method: 'POST',
        body: JSON.stringify({
          status: 'published',
          slug: `temporada-prueba-${tag}`,
          valid_from: announced,
          valid_until: null,
          brands: [],
          season: season.id,
          translations: [
            { languages_code: 'es-ES', title: title.es, description: 'Alquila por menos en temporada baja.', terms: '' },
            { languages_code: 'en-US', title: title.en, description: 'Rent for less in the low season.', terms: '' },
          ],
        }),
      });
      const promoId = promo.id;

      await untilStorefrontSees(async () => (await promosPage('es')).includes(lowerEs));
      const spanish = await promosPage('es');
      expect(spanish).toContain(title.es);
      // Its own first day, and the season's last as its end.
      expect(spanish).toContain(`Válida del ${formatContentDate(announced, 'es')} al ${es.until}`);
      await untilStorefrontSees(async () => (await promosPage('en')).includes(lowerEn));
      expect(await promosPage('en')).toContain(`Valid from ${formatContentDate(announced, 'en')} to ${en.until}`);

      // Staff put the season back to draft: the promotion stays, without the season and its end.
      await content(`/items/rate_seasons/${season.id}`, { method: 'PATCH', body: JSON.stringify({ status: 'draft' }) });
      await untilStorefrontSees(async () => !(await promosPage('es')).includes(lowerEs));
      const withDraftSeason = await promosPage('es');
      expect(withDraftSeason).toContain(title.es);
      expect(withDraftSeason).toContain(`Válida desde el ${formatContentDate(announced, 'es')}`);
      await untilStorefrontSees(async () => !(await promosPage('en')).includes(lowerEn));

      // Published again as a higher price for two classes: the sentence says so, naming the classes.
      await content(`/items/rate_seasons/${season.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ status: 'published', adjustment_percent: 20, car_classes: ['MDMR', 'CDAR'] }),
      });
      await untilStorefrontSees(async () => (await promosPage('es')).includes(higherEs));
      await untilStorefrontSees(async () => (await promosPage('en')).includes(higherEn));

      // Staff unlink the season from the promotion: the sentence goes, the promotion stays.
      await content(`/items/promos/${promoId}`, { method: 'PATCH', body: JSON.stringify({ season: null }) });
      await untilStorefrontSees(async () => !(await promosPage('es')).includes(higherEs));
      expect(await promosPage('es')).toContain(title.es);
      await untilStorefrontSees(async () => !(await promosPage('en')).includes(higherEn));
    } finally {
      if (promo) await content(`/items/promos/${promo.id}`, { method: 'DELETE' }).catch(() => undefined);
      await content(`/items/rate_seasons/${season.id}`, { method: 'DELETE' }).catch(() => undefined);
    }
    await untilStorefrontSees(async () => !(await promosPage('es')).includes(title.es));
  });
});
