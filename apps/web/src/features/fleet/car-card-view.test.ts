import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { Car } from '@/content';
import es from '../../../messages/es.json';
import en from '../../../messages/en.json';
import { carCardView, type CarCardTranslators } from './car-card-view';

const car: Car = {
  id: '7', make: 'Kia', model: 'Rio', year: 2025, type: 'sedan', classCode: 'ECMR', status: 'promo', featured: false,
  dailyRate: 3000, prepaidDailyRate: 2700, discountPercent: 10, prepaidDiscountId: 'PP10', minimumDays: 3,
  doors: 4, bags: 1, passengers: 5, transmission: 'automatic', fuel: 'gas', picture: { kind: 'drawing', fileId: '3b9f4c1e-6d2a-4f0b-9c8e-1a2b3c4d5e6f', version: 'mi2x8c0g' }, imageUrl: '/media/3b9f4c1e-6d2a-4f0b-9c8e-1a2b3c4d5e6f/mi2x8c0g/drawing.svg',
};

const NO_RATE_PLANS = { seasons: [], demandPercent: 0, lengthDiscountTier: null };

/** An offer's totals: at the counter and paid now. */
const priced = (total: number, payNowTotal: number) => ({ total, payNowTotal, payNowSaving: total - payNowTotal });

const translators = (locale: 'es' | 'en'): CarCardTranslators => {
  const messages = { es, en }[locale];
  return {
    t: createTranslator({ locale, messages, namespace: 'fleet' }),
    tb: createTranslator({ locale, messages, namespace: 'booking.fleet' }),
    ts: createTranslator({ locale, messages, namespace: 'fleetSearch' }),
  };
};

describe('a car card’s texts', () => {
  it('says what the card shows, in Spanish', () => {
    expect(carCardView(car, translators('es'), 'es', { reservable: true })).toEqual({
      id: '7',
      status: 'promo',
      statusLabel: 'En promoción',
      image: { src: '/media/3b9f4c1e-6d2a-4f0b-9c8e-1a2b3c4d5e6f/mi2x8c0g/drawing.svg', alt: 'Ilustración de Sedán: Kia Rio' },
      type: 'Sedán',
      classCode: 'Clase ACRISS ECMR',
      name: 'Kia Rio o similar',
      specs: [['passengers', '5 pasajeros'], ['doors', '4 puertas'], ['bags', '1 maleta'], ['transmission', 'Automático'], ['fuel', 'Gasolina']],
      daily: '$30.00',
      prepaid: 'Prepagado: $27.00 por día',
      minimumDays: '3 días mínimo para reservar',
      reserve: 'Reservar el Kia Rio',
    });
  });

  it('says it in English, with both totals for searched dates, the promotion’s saving and the stock’s availability', () => {
    const view = carCardView(car, translators('en'), 'en', { reservable: true, offer: { ...priced(12345, 11111), availability: 'lowAvailability', refusal: undefined, days: 4, ratePlans: NO_RATE_PLANS } });
    expect(view).toMatchObject({ statusLabel: 'Few left', name: 'Kia Rio or similar', reserve: 'Reserve the Kia Rio' });
    expect(view.offer).toEqual({
      payNow: '$111.11 paying now',
      total: '$123.45 paying at the counter',
      saving: 'Promotion: you save $12.34 paying now (without the promotion, $123.45)',
      note: 'for 4 days, taxes and fees included',
    });
  });

  it('shows both totals in Spanish, the saving only for a car on promotion, and one total when paying now costs the same', () => {
    const offer = { ...priced(12345, 11111), availability: 'available' as const, refusal: undefined, days: 4, ratePlans: NO_RATE_PLANS };
    expect(carCardView(car, translators('es'), 'es', { reservable: true, offer }).offer).toMatchObject({
      payNow: '$111.11 pagando ahora',
      total: '$123.45 pagando en el mostrador',
      saving: 'Promoción: ahorras $12.34 pagando ahora (sin la promoción, $123.45)',
    });
    const regular = carCardView({ ...car, status: 'available' }, translators('es'), 'es', { reservable: true, offer }).offer;
    expect(regular).toMatchObject({ payNow: '$111.11 pagando ahora', total: '$123.45 pagando en el mostrador' });
    expect(regular).not.toHaveProperty('saving');
    const noDiscount = carCardView(car, translators('en'), 'en', { reservable: true, offer: { ...offer, ...priced(12345, 12345) } }).offer;
    expect(noDiscount).toEqual({ total: '$123.45 total, paying now or at the counter', note: 'for 4 days, taxes and fees included' });
  });

  it('tells the minimum days only when a car cannot be booked for one day', () => {
    expect(carCardView({ ...car, minimumDays: 1 }, translators('es'), 'es', { reservable: true })).not.toHaveProperty('minimumDays');
    expect(carCardView({ ...car, minimumDays: 2 }, translators('en'), 'en', { reservable: true }).minimumDays).toBe('2 days minimum to reserve');
  });

  it('gives a refused car the reason and no button', () => {
    const view = carCardView(car, translators('es'), 'es', { reservable: true, offer: { ...priced(9000, 8100), availability: 'available', refusal: 'belowMinimum', days: 1, ratePlans: NO_RATE_PLANS } });
    expect(view.offer?.refusal).toBe('3 días mínimo: elige fechas más largas');
    expect(view).not.toHaveProperty('reserve');
  });

  it('shows, without dates, the lowest daily price the seasons give over the next 30 days, when they move it', () => {
    expect(carCardView(car, translators('es'), 'es', { reservable: true, fromDaily: 2550 }).from).toBe('Desde $25.50 por día en los próximos 30 días');
    expect(carCardView(car, translators('en'), 'en', { reservable: true, fromDaily: 3600 }).from).toBe('From $36.00 per day over the next 30 days');
    // No season in the window: the daily rate says it all.
    expect(carCardView(car, translators('en'), 'en', { reservable: true, fromDaily: 3000 })).not.toHaveProperty('from');
    // With dates the offer's total is the price.
    const dated = carCardView(car, translators('en'), 'en', { reservable: true, fromDaily: 2550, offer: { ...priced(12345, 11111), availability: 'available', refusal: undefined, days: 4, ratePlans: NO_RATE_PLANS } });
    expect(dated).not.toHaveProperty('from');
  });

  it('says what the rate plans did to the total for searched dates, with the bill’s labels, in both languages', () => {
    const ratePlans = {
      seasons: [{ name: 'Temporada alta', adjustmentPercent: 20, days: 2, amount: 1200 }],
      demandPercent: 10,
      lengthDiscountTier: { minDays: 7, percent: 10 },
    };
    const offer = { ...priced(30000, 27000), availability: 'available' as const, refusal: undefined, days: 7, ratePlans };
    expect(carCardView(car, translators('es'), 'es', { reservable: true, offer }).offer?.ratePlans).toEqual([
      'Temporada: Temporada alta (+20% × 2 días)',
      'Alta demanda (+10%)',
      'Descuento por 7 días o más (−10%)',
    ]);
    const lowSeason = { ...ratePlans, seasons: [{ name: '', adjustmentPercent: -15, days: 7, amount: -3150 }], demandPercent: 0, lengthDiscountTier: null };
    expect(carCardView(car, translators('en'), 'en', { reservable: true, offer: { ...offer, ratePlans: lowSeason } }).offer?.ratePlans).toEqual([
      'Season: seasonal rate (-15% × 7 days)',
    ]);
  });

  it('shows staff’s photo from the storefront’s origin, in AVIF and WebP at every allowed width', () => {
    const photographed: Car = { ...car, picture: { kind: 'photo', fileId: '0c6f1a2b-3d4e-4f50-8a61-7b8c9d0e1f2a', version: 'mi9' } };
    const { image } = carCardView(photographed, translators('en'), 'en', { reservable: true });
    const base = '/media/0c6f1a2b-3d4e-4f50-8a61-7b8c9d0e1f2a/mi9';
    expect(image?.alt).toBe('Photo of a Sedan: Kia Rio');
    expect(image?.src).toBe(`${base}/640.webp`);
    expect(image?.photo?.webp).toBe(`${base}/320.webp 320w, ${base}/480.webp 480w, ${base}/640.webp 640w, ${base}/960.webp 960w`);
    expect(image?.photo?.avif).toBe(`${base}/320.avif 320w, ${base}/480.avif 480w, ${base}/640.avif 640w, ${base}/960.avif 960w`);
    expect(image?.photo?.sizes).toMatch(/100vw$/);
  });

  it('leaves out what the card does not show, rather than sending it as undefined', () => {
    const plain = { ...car, minimumDays: 1, classCode: undefined, discountPercent: 0, picture: undefined, imageUrl: undefined, doors: undefined, bags: 0, transmission: undefined, fuel: undefined };
    const view = carCardView(plain, translators('en'), 'en', { reservable: false });
    expect(Object.keys(view).sort()).toEqual(['daily', 'id', 'name', 'specs', 'status', 'statusLabel', 'type']);
    expect(view.specs).toEqual([['passengers', '5 passengers'], ['bags', '0 bags']]);
  });
});
