import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminHeaders } from '../test/content-admin';
import { adminRows, ENGLISH, seriousViolations, SPANISH } from './helpers';

// Car pictures and the branches' map against the real stack and the seed (issue 43, point 10). The fleet's pictures
// come from the storefront's own origin (/media/...): the seed's drawings as SVG, and a photo staff upload (made
// here, on a car of this spec's own, priced above every seed car so it is the fleet's last card) as AVIF or WebP in
// widths fit for the card. The map of Panama is drawn by the page: the seed's 12 branches inside it, each a link to
// its entry, and each entry's "Book here" starts a search at that branch.

const contentUrl = process.env.CONTENT_URL ?? '';
const { admin, create, removeCreated } = adminRows(contentUrl);
const run = randomUUID().slice(0, 8);
const photoModel = `Foto ${run}`;
const shots = process.env.I43_SHOTS ? '/tmp/i43-shots' : undefined;

test.describe.configure({ timeout: 120_000 });

let photoId = '';

test.beforeAll(async () => {
  // A small landscape JPEG, as staff would upload from a camera.
  const jpeg = await sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 30, g: 110, b: 170 } } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><rect x="200" y="300" width="800" height="220" rx="60" fill="#e11d48"/></svg>'), top: 0, left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
  const form = new FormData();
  form.append('title', `Car photo ${run}`);
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `car-${run}.jpg`);
  const { authorization = '' } = await adminHeaders(contentUrl);
  const upload = await fetch(`${contentUrl}/files`, { method: 'POST', headers: { authorization }, body: form });
  expect(upload.status).toBe(200);
  photoId = ((await upload.json()) as { data: { id: string } }).data.id;
  const [sedanDrawing] = await admin<{ image: string }[]>('/items/flota?filter[tipo][_eq]=sedan&fields=image&limit=1');
  await create('/items/flota', {
    published: true, marca: 'Toyota', modelo: photoModel, tipo: 'sedan', clasificacion: 'CDAR', puertas: 4, pasajeros: 5, maletas: 2,
    precio_firefly: 99_000, precio_hertz: 99_000, precio_thrifty: 99_000, precio_dollar: 99_000, image: sedanDrawing?.image, photo: photoId,
  });
});

test.afterAll(async () => {
  await removeCreated();
  if (photoId) await admin(`/files/${photoId}`, { method: 'DELETE' }).catch(() => undefined);
});

const TEXT = {
  es: { fleet: '/flota', branches: '/sucursales', photoAlt: `Foto de Sedán: Toyota ${photoModel}`, bookHere: 'Reservar aquí: Boquete', bookTitle: 'Reserva en Boquete', pickup: 'Sucursal de retiro', marker: 'BOQ, Boquete: ver la sucursal en la lista', mapTitle: 'Mapa de Panamá con 12 sucursales' },
  en: { fleet: '/en/flota', branches: '/en/sucursales', photoAlt: `Photo of a Sedan: Toyota ${photoModel}`, bookHere: 'Book here: Boquete', bookTitle: 'Book at Boquete', pickup: 'Pick-up branch', marker: 'BOQ, Boquete: see the branch in the list', mapTitle: 'Map of Panama with 12 branches' },
} as const;

/** The fleet page once the content service's revalidation has brought the spec's car in. */
async function fleetWithPhotoCar(page: Page, path: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: new RegExp(photoModel) })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

for (const [language, options] of [['es', SPANISH], ['en', ENGLISH]] as const) {
  test.describe(`pictures and the branches' map, in ${language === 'es' ? 'Spanish' : 'English'}`, () => {
    test.use(options);
    const text = TEXT[language];

    test('@phone the fleet’s pictures come from the storefront, a photo in a modern format sized for the card', async ({ page, baseURL }) => {
      const pictures: { url: string; type: string; cacheControl: string }[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'image') pictures.push({ url: response.url(), type: response.headers()['content-type'] ?? '', cacheControl: response.headers()['cache-control'] ?? '' });
      });
      await fleetWithPhotoCar(page, text.fleet);
      const origin = new URL(baseURL ?? '').origin;

      // Every card's picture: the storefront's /media, a drawing as SVG, each body type its own.
      const sources = await page.getByTestId('car-card').locator('.car-media img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).currentSrc || (image as HTMLImageElement).src));
      expect(sources.length).toBe(await page.getByTestId('car-card').count());
      expect(sources.length).toBeGreaterThan(10);
      for (const source of sources) expect(new URL(source, origin).origin).toBe(origin);
      for (const source of sources) expect(new URL(source, origin).pathname).toMatch(/^\/media\/[0-9a-f-]{36}\/[0-9a-z]+\/(drawing\.svg|\d+\.(avif|webp))$/);
      const firstCard = page.getByTestId('car-card').first().locator('img');
      await expect(firstCard).toHaveJSProperty('complete', true);
      expect(await firstCard.getAttribute('src')).toMatch(/\/drawing\.svg$/);

      // The spec's car shows staff's photo, the browser picking AVIF at a width near the card's.
      const photo = page.getByRole('img', { name: text.photoAlt });
      await photo.scrollIntoViewIfNeeded();
      await expect(photo).toHaveJSProperty('complete', true);
      expect(await photo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      const chosen = new URL(await photo.evaluate((image) => (image as HTMLImageElement).currentSrc));
      expect(chosen.origin).toBe(origin);
      expect(chosen.pathname).toMatch(new RegExp(`^/media/${photoId}/[0-9a-z]+/(320|480|640|960)\\.(avif|webp)$`));
      const served = pictures.find((picture) => picture.url === chosen.href);
      expect(served?.type).toMatch(/^image\/(avif|webp)$/);
      expect(served?.cacheControl).toBe('public, max-age=31536000, immutable');
      const drawn = await photo.boundingBox();
      const width = Number(/\/(\d+)\.(avif|webp)$/.exec(chosen.pathname)?.[1]);
      // Never a picture much larger than the card needs at the screen's density (a 960 for a 320 px card at 1x).
      expect(width).toBeLessThanOrEqual(Math.max(320, (drawn?.width ?? 0) * (await page.evaluate(() => window.devicePixelRatio)) * 1.6));

      expect(await seriousViolations(page)).toEqual([]);
      if (shots) {
        await page.getByTestId('car-card').first().screenshot({ path: `${shots}/pics-fleet-drawing-${language}-${test.info().project.name}.png` });
        await page.getByTestId('car-card').filter({ has: photo }).screenshot({ path: `${shots}/pics-fleet-photo-${language}-${test.info().project.name}.png` });
      }
    });

    test('@phone the branches’ map shows the 12 branches inside Panama, each a link to its entry, and “Book here” starts a search there', async ({ page }) => {
      // Nothing from a map service, or from anywhere but this machine (the storefront, and the content service's logo).
      const outside: string[] = [];
      page.on('request', (request) => {
        const { protocol, hostname } = new URL(request.url());
        if (protocol !== 'data:' && hostname !== '127.0.0.1' && hostname !== 'localhost') outside.push(request.url());
      });
      await page.goto(text.branches);
      const map = page.getByTestId('branches-map');
      await expect(map.getByRole('group', { name: text.mapTitle })).toBeVisible();
      await expect(map.getByRole('img', { name: language === 'es' ? 'Contorno de Panamá' : 'Outline of Panama' })).toBeVisible();
      const markers = map.getByTestId('map-marker');
      await expect(markers).toHaveCount(12);
      const svgBox = await map.locator('svg').boundingBox();
      for (const marker of await markers.all()) {
        const box = await marker.locator('circle.map-pin').boundingBox();
        expect(box).not.toBeNull();
        if (!box || !svgBox) continue;
        expect(box.x).toBeGreaterThanOrEqual(svgBox.x - 0.5);
        expect(box.y).toBeGreaterThanOrEqual(svgBox.y - 0.5);
        expect(box.x + box.width).toBeLessThanOrEqual(svgBox.x + svgBox.width + 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(svgBox.y + svgBox.height + 0.5);
      }
      // Boquete is north of David and west of Santiago, as on any map.
      const centre = async (code: string) => {
        const box = await map.locator(`[data-code="${code}"] circle.map-pin`).boundingBox();
        return { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 };
      };
      const [boquete, david, santiago, colon] = await Promise.all([centre('BOQ'), centre('DAV'), centre('STG'), centre('COL')]);
      expect(boquete.y).toBeLessThan(david.y);
      expect(boquete.x).toBeLessThan(santiago.x);
      expect(colon.y).toBeLessThan(santiago.y);
      expect(outside).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/pics-branches-map-${language}-${test.info().project.name}.png`, fullPage: false, clip: svgBox ? { x: 0, y: Math.max(0, svgBox.y - 40), width: page.viewportSize()?.width ?? 400, height: Math.min(900, svgBox.height + 120) } : undefined });

      // A marker is a link, reached with the keyboard, to the branch's entry.
      const boqueteMarker = map.getByRole('link', { name: text.marker });
      await boqueteMarker.focus();
      await expect(boqueteMarker).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/sucursales#BOQ$/);
      await expect(page.locator('#BOQ')).toBeInViewport();

      // "Book here" opens the search with the branch chosen; searching lands on the fleet for that branch.
      await page.locator('#BOQ').getByRole('link', { name: text.bookHere }).click();
      await expect(page.getByRole('heading', { level: 1, name: text.bookTitle })).toBeVisible();
      await expect(page.getByLabel(text.pickup)).toHaveValue('BOQ');
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/pics-book-here-${language}-${test.info().project.name}.png` });
      // Once hydrated the form proposes dates; the search is a plain GET to the fleet.
      await expect(page.locator('#pickup_date')).not.toHaveValue('');
      await page.locator('form[method="get"]').evaluate((form) => (form as HTMLFormElement).requestSubmit());
      await expect(page).toHaveURL(/\/flota\?(.*&)?pickup_branch=BOQ/);
    });
  });
}

test.describe('“Book here” without JavaScript', () => {
  test.use({ ...SPANISH, javaScriptEnabled: false });

  test('the branch is already chosen in the page’s HTML', async ({ page }) => {
    await page.goto('/sucursales');
    await page.locator('#DAV').getByRole('link', { name: 'Reservar aquí: Aeropuerto de David (DAV)' }).click();
    await expect(page).toHaveURL(/\/sucursales\/dav\/reservar$/);
    await expect(page.getByLabel('Sucursal de retiro')).toHaveValue('DAV');
    const unknown = await page.goto('/sucursales/xyz/reservar');
    expect(unknown?.status()).toBe(404);
  });
});

test.describe('the media route', () => {
  test('answers a photo immutable in a modern format, and bad addresses with a reason', async ({ request }) => {
    const [row] = await admin<{ photo: { id: string; modified_on: string | null; uploaded_on: string } }[]>(`/items/flota?filter[modelo][_eq]=${encodeURIComponent(photoModel)}&fields=photo.id,photo.modified_on,photo.uploaded_on`);
    const file = row?.photo;
    expect(file?.id).toBe(photoId);
    const version = Date.parse(file?.modified_on ?? file?.uploaded_on ?? '').toString(36);
    for (const format of ['avif', 'webp'] as const) {
      const answer = await request.get(`/media/${photoId}/${version}/480.${format}`);
      expect(answer.status(), format).toBe(200);
      expect(answer.headers()['content-type']).toBe(`image/${format}`);
      expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      const { width, format: decoded } = await sharp(await answer.body()).metadata();
      expect(width).toBe(480);
      expect(decoded).toBe(format === 'avif' ? 'heif' : 'webp');
    }
    // A drawing is served as it is, and opened on its own it may run nothing.
    const drawingPath = /\/media\/[0-9a-f-]{36}\/[0-9a-z]+\/drawing\.svg/.exec(await (await request.get('/es/flota')).text())?.[0] ?? '';
    const drawing = await request.get(drawingPath);
    expect(drawing.status(), drawingPath).toBe(200);
    expect(drawing.headers()['content-type']).toBe('image/svg+xml');
    expect(drawing.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(drawing.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const cases: [string, number, string][] = [
      [`/media/${photoId}/${version}/500.webp`, 400, 'unknownWidth'],
      [`/media/${photoId}/${version}/480.png`, 400, 'unknownFormat'],
      [`/media/${photoId}/${version}/drawing.svg`, 404, 'notADrawing'],
      [`/media/${randomUUID()}/${version}/480.webp`, 404, 'unknownPicture'],
      ['/media/not-an-id/1/480.webp', 404, 'malformedAddress'],
    ];
    for (const [path, status, code] of cases) {
      const answer = await request.get(path, { headers: { 'Accept-Language': 'en' } });
      expect(answer.status(), path).toBe(status);
      const body = (await answer.json()) as { errors: { code: string; message: string }[] };
      expect(body.errors[0]?.code, path).toBe(code);
      expect(body.errors[0]?.message.length, path).toBeGreaterThan(10);
    }
  });
});
