import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import { brandPriceField, type Brand } from '@rentacar/domain/brands';
import { AVAILABILITY_STATUSES, minimumDays, prepaidDailyRate, type AvailabilityStatus } from '@rentacar/domain/fleet';
import { assetUrl, contentRequest } from '@/features/content/content-client';
import { cachedContentRead } from '@/features/content/content-cache';
import { fileField } from '@/features/content/translations';
import type { SiteConfig } from '@/features/content/site-config';

export type Availability = AvailabilityStatus;

const carSchema = z.object({
  id: z.union([z.number(), z.string()]),
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
  image: fileField,
  discount: z
    .object({ id: z.union([z.number(), z.string()]), percentage: z.union([z.number(), z.string()]), charge_id: z.string().nullish() })
    .nullish(),
  precio_firefly: z.number().int().nullish(),
  precio_hertz: z.number().int().nullish(),
  precio_thrifty: z.number().int().nullish(),
  precio_dollar: z.number().int().nullish(),
});

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
  imageUrl: string | undefined;
};

function reshapeCar(raw: z.infer<typeof carSchema>, brand: Brand, siteMinDays: number): Car | undefined {
  const dailyRate = raw[brandPriceField(brand)];
  if (dailyRate == null) return undefined;
  const discountPercent = raw.discount ? Number(raw.discount.percentage) : 0;
  return {
    id: String(raw.id),
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
    imageUrl: assetUrl(raw.image),
  };
}

async function fetchFleet(brand: Brand, allowedClasses: string[], siteMinDays: number): Promise<Car[]> {
  const priceField = brandPriceField(brand);
  const filter = allowedClasses.length > 0 ? { clasificacion: { _in: allowedClasses } } : {};
  let rows: unknown[];
  try {
    rows = await contentRequest(
      'GET /items/flota',
      readItems('flota', { filter, fields: ['*', 'discount.*'], sort: [priceField], limit: -1 }),
    );
  } catch (error) {
    console.error('Error retrieving cars', error);
    throw error;
  }
  return rows
    .flatMap((row) => {
      const parsed = carSchema.safeParse(row);
      if (!parsed.success) {
        console.error('[fleet] skipped a malformed car', parsed.error.issues);
        return [];
      }
      const car = reshapeCar(parsed.data, brand, siteMinDays);
      return car ? [car] : [];
    })
    .sort((a, b) => a.dailyRate - b.dailyRate);
}

const cachedFleet = cachedContentRead(fetchFleet, 'fleet', ['flota', 'prepaid_discounts', 'directus_files']);

export type FleetResult = { cars: Car[]; failed: boolean };

/** The brand's fleet, sorted by price; a failure is logged ('Error getting cars') and reported, not thrown. */
export async function getFleet(site: SiteConfig): Promise<FleetResult> {
  try {
    return { cars: await cachedFleet(site.brand, site.allowedClasses, site.reservationMinDays), failed: false };
  } catch (error) {
    console.error('Error getting cars', error);
    return { cars: [], failed: true };
  }
}
