import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import { BRANDS, type Brand } from '@rentacar/domain/brands';
import { AVAILABILITY_STATUSES, minimumDays, prepaidDailyRate, pricedCars, type AvailabilityStatus, type BrandPrices } from '@rentacar/domain/fleet';
import { parsePercent, type Cents } from '@rentacar/domain/money';
import { logFor } from '@/lib/log';
import { mediaPath, type MediaFile } from '@/lib/media-urls';
import { contentRequest } from './client';
import { cachedContentRead } from './cache';
import { idText, parseRows } from './fields';
import { pictureFileFields, pictureFileSchema, versionOfFile } from './media';
import type { SiteConfig } from './site-config';

const log = logFor('content');

export type Availability = AvailabilityStatus;

/** The `flota` field holding each brand's daily price in cents. */
const PRICE_FIELDS = { firefly: 'precio_firefly', hertz: 'precio_hertz', thrifty: 'precio_thrifty', dollar: 'precio_dollar' } as const satisfies Record<Brand, string>;

const carSchema = z.object({
  id: idText,
  status: z.enum(AVAILABILITY_STATUSES).catch('available'),
  featured: z.boolean().nullish(),
  marca: z.string(),
  modelo: z.string(),
  anio: z.number().int().nullish(),
  tipo: z.string(),
  clasificacion: z.string().nullish(),
  minimio_dias: z.number().int().positive().nullish(),
  puertas: z.number().int().nullish(),
  maletas: z.number().int().nullish(),
  pasajeros: z.number().int().nullish(),
  transmision: z.enum(['automatic', 'manual']).nullish(),
  combustible: z.enum(['gas', 'diesel']).nullish(),
  image: pictureFileSchema,
  photo: pictureFileSchema,
  discount: z
    .object({ id: z.union([z.number(), z.string()]), percentage: z.union([z.number(), z.string()]), charge_id: z.string().nullish() })
    .nullish(),
  precio_firefly: z.number().int().nullish(),
  precio_hertz: z.number().int().nullish(),
  precio_thrifty: z.number().int().nullish(),
  precio_dollar: z.number().int().nullish(),
});

type CarRow = z.infer<typeof carSchema>;

function pricesOf(row: CarRow): BrandPrices {
  return Object.fromEntries(BRANDS.map((brand) => [brand, row[PRICE_FIELDS[brand]]]));
}

export type Car = {
  id: string;
  make: string;
  model: string;
  year: number | undefined;
  type: string;
  classCode: string | undefined;
  status: Availability;
  featured: boolean;
  dailyRate: number;
  prepaidDailyRate: number;
  discountPercent: number;
  prepaidDiscountId: string | undefined;
  minimumDays: number;
  doors: number | undefined;
  bags: number | undefined;
  passengers: number | undefined;
  transmission: 'automatic' | 'manual' | undefined;
  fuel: 'gas' | 'diesel' | undefined;
  /** What the car's card shows: staff's photo when there is one, else the drawing of its body type. */
  picture: CarPicture | undefined;
  /** The picture at a card's size, from the storefront's own origin (`/media/...`). */
  imageUrl: string | undefined;
};

/** A car's picture as the storefront serves it (lib/media-urls.ts): a photo in several widths, or an SVG drawing. */
export type CarPicture = MediaFile & { kind: 'photo' | 'drawing' };

type PictureFile = NonNullable<CarRow['image']>;

/** A photo is any raster image; the drawing field holds an SVG. A field holding something else is left aside. */
function carPicture(photo: PictureFile | null | undefined, drawing: PictureFile | null | undefined): CarPicture | undefined {
  if (photo?.type?.startsWith('image/') && photo.type !== 'image/svg+xml') return { kind: 'photo', fileId: photo.id, version: versionOfFile(photo) };
  if (drawing?.type === 'image/svg+xml') return { kind: 'drawing', fileId: drawing.id, version: versionOfFile(drawing) };
  return undefined;
}

/** The picture's one address for places that show it once at about 320 CSS pixels (the booking's summary). */
function pictureUrl(picture: CarPicture | undefined): string | undefined {
  if (!picture) return undefined;
  return mediaPath(picture, picture.kind === 'drawing' ? { kind: 'drawing' } : { kind: 'photo', width: 640, format: 'webp' });
}

function reshapeCar(raw: CarRow, dailyRate: Cents, siteMinDays: number): Car {
  const picture = carPicture(raw.photo, raw.image);
  // A discount outside 0–100 is a content slip: the car is shown at its plain rate rather than hiding the fleet.
  const discountPercent = parsePercent(raw.discount?.percentage) ?? 0;
  return {
    id: raw.id,
    make: raw.marca,
    model: raw.modelo,
    year: raw.anio ?? undefined,
    type: raw.tipo,
    classCode: raw.clasificacion ?? undefined,
    status: raw.status,
    featured: raw.featured ?? false,
    dailyRate,
    prepaidDailyRate: prepaidDailyRate(dailyRate, discountPercent),
    discountPercent,
    prepaidDiscountId: raw.discount?.charge_id ?? undefined,
    minimumDays: minimumDays(raw.minimio_dias, siteMinDays),
    doors: raw.puertas ?? undefined,
    bags: raw.maletas ?? undefined,
    passengers: raw.pasajeros ?? undefined,
    transmission: raw.transmision ?? undefined,
    fuel: raw.combustible ?? undefined,
    picture,
    imageUrl: pictureUrl(picture),
  };
}

async function fetchFleet(brand: Brand, allowedClasses: string[], siteMinDays: number): Promise<Car[]> {
  const priceField = PRICE_FIELDS[brand];
  const filter = allowedClasses.length > 0 ? { clasificacion: { _in: allowedClasses } } : {};
  let rows: unknown[];
  try {
    rows = await contentRequest(
      'GET /items/flota',
      readItems('flota', { filter, fields: ['*', 'discount.*', ...pictureFileFields('image'), ...pictureFileFields('photo')], sort: [priceField], limit: -1 }),
    );
  } catch (error) {
    log.error({ err: error }, 'Error retrieving cars');
    throw error;
  }
  const cars = parseRows(rows, carSchema, 'car').map((row) => ({ row, prices: pricesOf(row) }));
  // The brand's priced cars only, cheapest first.
  return pricedCars(cars, brand).map(({ car, dailyRate }) => reshapeCar(car.row, dailyRate, siteMinDays));
}

const cachedFleet = cachedContentRead(fetchFleet, 'fleet');

export type FleetResult = { cars: Car[]; failed: boolean };

/** The brand's fleet, sorted by price; a failure is logged ('Error getting cars') and reported, not thrown. */
export async function getFleet(site: Pick<SiteConfig, 'brand' | 'allowedClasses' | 'reservationMinDays'>): Promise<FleetResult> {
  try {
    return { cars: await cachedFleet(site.brand, site.allowedClasses, site.reservationMinDays), failed: false };
  } catch (error) {
    log.error({ err: error }, 'Error getting cars');
    return { cars: [], failed: true };
  }
}
