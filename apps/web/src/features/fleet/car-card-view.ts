import type { createTranslator, Messages } from 'next-intl';
import { formatMoney, type Cents } from '@rentacar/domain/money';
import { isCarType } from '@rentacar/domain/fleet';
import { FROM_PRICE_DAYS } from '@rentacar/domain/rates';
import type { SpriteIconName } from '@/components/icon-sprite';
import type { Locale } from '@/i18n/routing';
import type { Car, CarPicture } from '@/content';
import { mediaPath, mediaSrcSet } from '@/lib/media-urls';
import { ratePlanLabels, type FleetCarOffer } from '@/features/pricing';
import type { CarCardView, CarImage } from './car-cards';

/**
 * How wide a card's picture is drawn: the grid's one, two or three columns (features/fleet car-cards.tsx) inside the
 * page's 72rem, less its padding; the browser picks the photo's width from it.
 */
const CARD_PICTURE_SIZES = '(min-width: 1152px) 352px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, 100vw';

/** A card's picture from the storefront's origin: a photo in AVIF and WebP at every width, or the SVG drawing. */
function cardImage(picture: CarPicture, alt: string): CarImage {
  if (picture.kind === 'drawing') return { src: mediaPath(picture, { kind: 'drawing' }), alt };
  return {
    src: mediaPath(picture, { kind: 'photo', width: 640, format: 'webp' }),
    alt,
    photo: { webp: mediaSrcSet(picture, 'webp'), avif: mediaSrcSet(picture, 'avif'), sizes: CARD_PICTURE_SIZES },
  };
}

/** A car's offer for searched dates: its all-in total, what the rate plans did to it and, when it cannot be booked, why. */
export type CarOffer = FleetCarOffer & { days: number };

export type CarCardTranslators = {
  t: ReturnType<typeof createTranslator<Messages, 'fleet'>>;
  tb: ReturnType<typeof createTranslator<Messages, 'booking.fleet'>>;
  ts: ReturnType<typeof createTranslator<Messages, 'fleetSearch'>>;
};

/**
 * A dated offer's texts: both all-in totals of the one quote (paid now at the prepaid price, and at the counter), and
 * for a car on promotion (staff status `promo`: its promotion is its prepaid discount) the saving against the price
 * without it, the counter's.
 */
function offerView(
  offer: CarOffer,
  car: Car,
  ts: CarCardTranslators['ts'],
  locale: Locale,
  { note, ratePlans, refusal }: { note: string; ratePlans: string[]; refusal: string | undefined },
): NonNullable<CarCardView['offer']> {
  const atCounter = formatMoney(offer.total, locale);
  const paysLess = offer.payNowSaving > 0;
  return {
    total: paysLess ? ts('atCounterTotal', { total: atCounter }) : ts('sameTotal', { total: atCounter }),
    ...(paysLess ? { payNow: ts('payNowTotal', { total: formatMoney(offer.payNowTotal, locale) }) } : {}),
    ...(paysLess && car.status === 'promo' ? { saving: ts('promoSaving', { saving: formatMoney(offer.payNowSaving, locale), before: atCounter }) } : {}),
    note,
    ...(ratePlans.length > 0 ? { ratePlans } : {}),
    ...(refusal ? { refusal } : {}),
  };
}

/**
 * The texts of a car's card in the page's language: only what the card shows, and a text it does not show is left
 * out rather than undefined (the page's payload would spell it out). `reservable`: the card has a "Reserve" button,
 * unless the offer refuses the car. The minimum days only when above one. `fromDaily`: without dates, the car's lowest daily price over the next 30 days with
 * its seasons (domain `lowestDailyRate`), shown when the seasons move it off the daily rate.
 */
export function carCardView(
  car: Car,
  { t, tb, ts }: CarCardTranslators,
  locale: Locale,
  { offer, reservable, fromDaily }: { offer?: CarOffer; reservable: boolean; fromDaily?: Cents },
): CarCardView {
  const type = isCarType(car.type) ? t(`types.${car.type}`) : car.type;
  const status = offer?.availability ?? car.status;
  const specs: [SpriteIconName, string][] = [];
  if (car.passengers) specs.push(['passengers', t('passengers', { count: car.passengers })]);
  if (car.doors) specs.push(['doors', t('doors', { count: car.doors })]);
  if (car.bags != null) specs.push(['bags', t('bags', { count: car.bags })]);
  if (car.transmission) specs.push(['transmission', t(`transmission.${car.transmission}`)]);
  if (car.fuel) specs.push(['fuel', t(`fuel.${car.fuel}`)]);
  const ratePlans = offer ? ratePlanLabels(offer.ratePlans, locale) : [];
  const refusal = offer?.refusal ? (offer.refusal === 'belowMinimum' ? tb('belowMinimum', { days: car.minimumDays }) : tb(offer.refusal)) : undefined;
  return {
    id: car.id,
    status,
    statusLabel: t(`status.${status}`),
    ...(car.picture ? { image: cardImage(car.picture, t(car.picture.kind === 'photo' ? 'photoAlt' : 'imageAlt', { type, make: car.make, model: car.model })) } : {}),
    type,
    ...(car.classCode ? { classCode: t('classCode', { code: car.classCode }) } : {}),
    name: t('orSimilar', { make: car.make, model: car.model }),
    specs,
    daily: formatMoney(car.dailyRate, locale),
    ...(car.discountPercent > 0 ? { prepaid: t('prepaid', { price: formatMoney(car.prepaidDailyRate, locale) }) } : {}),
    ...(!offer && fromDaily !== undefined && fromDaily !== car.dailyRate ? { from: t('fromDaily', { price: formatMoney(fromDaily, locale), days: FROM_PRICE_DAYS }) } : {}),
    // Every car can be booked for a day unless it says otherwise: only a longer minimum is worth a line.
    ...(car.minimumDays > 1 ? { minimumDays: t('minimumDays', { days: car.minimumDays }) } : {}),
    ...(offer ? { offer: offerView(offer, car, ts, locale, { note: tb('totalNote', { days: offer.days }), ratePlans, refusal }) } : {}),
    ...(reservable && !offer?.refusal ? { reserve: tb('reserveCar', { car: `${car.make} ${car.model}` }) } : {}),
  };
}
