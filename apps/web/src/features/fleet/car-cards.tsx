'use client';

import type { DatedAvailability } from '@rentacar/domain/fleet';
import { SpriteIcon } from '@/components/sprite-icon';
import type { SpriteIconName } from '@/components/icon-sprite';
import { AvailabilityBadge } from './availability-badge';

/**
 * What one car's card shows, every text already in the page's language (car-list.tsx builds it on the server): the
 * page's React payload carries these few strings per car, not the card's whole markup a second time. A text the card
 * does not show is left out, not set to undefined (which the payload would spell out).
 */
export type CarCardView = {
  id: string;
  status: DatedAvailability;
  statusLabel: string;
  image?: CarImage;
  type: string;
  /** "Clase ACRISS MDMR". */
  classCode?: string;
  /** "Kia Picanto o similar". */
  name: string;
  specs: [SpriteIconName, string][];
  daily: string;
  /** Without dates, when seasons move it: "From $25.50 per day over the next 30 days". */
  from?: string;
  prepaid?: string;
  /** "3 días mínimo para reservar", only for a car that cannot be booked for a single day. */
  minimumDays?: string;
  /**
   * For a search with dates: the all-in totals (at the counter, and paid now when that costs less), a promotion's
   * saving, what they cover, the rate plans in them (the bill's labels: "Season: High season (+20% × 2 days)",
   * "Discount for 7 days or more (−10%)"), and why the car cannot be booked.
   */
  offer?: { total: string; payNow?: string; saving?: string; note: string; ratePlans?: string[]; refusal?: string };
  /** The "Reserve" button's accessible name ("Reservar el Kia Picanto"), when the card has one. */
  reserve?: string;
};

/** A card's picture, from the storefront's origin: the SVG drawing (`src` alone), or staff's photo in two formats. */
export type CarImage = { src: string; alt: string; photo?: { webp: string; avif: string; sizes: string } };

/** Texts every card shares. */
export type CarCardLabels = { perDay: string; reserve: string };

/**
 * Cars as a grid of cards: illustration, availability, type and class, features, daily and prepaid prices, minimum
 * days, an offer for searched dates (the all-in total beside the daily rate, Law 473), and a "Reserve" button that
 * submits the `ReserveForm` around the grid with its car. A client component only so that the payload carries the
 * cards' texts rather than their markup; it has no state. Its looks are the `.card`, `.car-*` and `.badge` rules of
 * app/globals.css (short names: the card repeats for every car of a page).
 */
export function CarGrid({ cars, labels, headingLevel = 'h2', eager = 0 }: { cars: CarCardView[]; labels: CarCardLabels; headingLevel?: 'h2' | 'h3'; eager?: number }) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="fleet-list">
      {cars.map((car, index) => (
        <li key={car.id}>
          <article className="card" data-testid="car-card" data-car-id={car.id}>
            <div className="car-media">
              <div className="car-badge">
                <AvailabilityBadge status={car.status} label={car.statusLabel} />
              </div>
              {car.image ? (
                <CardPicture image={car.image} eager={index < eager} first={index === 0 && eager > 0} />
              ) : (
                <div className="aspect-[16/9]" />
              )}
            </div>
            <div className="car-body">
              <div>
                <p className="car-type">
                  {car.type}
                  {car.classCode ? <span>· {car.classCode}</span> : null}
                </p>
                <Heading>{car.name}</Heading>
              </div>
              <ul className="car-specs">
                {car.specs.map(([icon, text]) => (
                  <li key={icon}>
                    <SpriteIcon name={icon} />
                    {text}
                  </li>
                ))}
              </ul>
              <div className="car-prices">
                <p className="car-rate">
                  <span data-testid="daily-price">{car.daily}</span>
                  <span>{labels.perDay}</span>
                </p>
                {car.from ? (
                  <p className="car-note" data-testid="from-price">
                    {car.from}
                  </p>
                ) : null}
                {car.prepaid ? (
                  <p className="car-prepaid" data-testid="prepaid-price">
                    {car.prepaid}
                  </p>
                ) : null}
                {car.minimumDays ? (
                  <p className="car-note" data-testid="minimum-days">
                    {car.minimumDays}
                  </p>
                ) : null}
                {car.offer ? (
                  <div className="pt-2" data-testid="dated-offer">
                    {car.offer.payNow ? (
                      <p className="text-xl font-bold text-slate-900" data-testid="pay-now-price">
                        {car.offer.payNow}
                      </p>
                    ) : null}
                    <p className={car.offer.payNow ? 'font-semibold text-slate-800' : 'text-xl font-bold text-slate-900'} data-testid="total-price">
                      {car.offer.total}
                    </p>
                    {car.offer.saving ? (
                      <p className="mt-1 text-sm font-semibold text-emerald-800" data-testid="promo-saving">
                        {car.offer.saving}
                      </p>
                    ) : null}
                    <p className="text-xs text-slate-600">{car.offer.note}</p>
                    {car.offer.ratePlans ? (
                      <ul className="mt-1 text-xs text-slate-700" data-testid="rate-plans">
                        {car.offer.ratePlans.map((label) => (
                          <li key={label}>{label}</li>
                        ))}
                      </ul>
                    ) : null}
                    {car.offer.refusal ? (
                      <p className="mt-2 text-sm font-semibold text-red-800" data-testid="refusal">
                        {car.offer.refusal}
                      </p>
                    ) : null}
                  </div>
                ) : null}
                {car.reserve ? (
                  <button type="submit" name="car" value={car.id} className="btn-primary mt-3 w-full" aria-label={car.reserve}>
                    {labels.reserve}
                  </button>
                ) : null}
              </div>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/**
 * The card's picture. A photo offers AVIF, then WebP, in every width the storefront makes, for the browser to pick
 * by the card's drawn width; a drawing is one small SVG. Both come from the storefront's own `/media/...`.
 */
function CardPicture({ image, eager, first }: { image: CarImage; eager: boolean; first: boolean }) {
  const img = (
    // eslint-disable-next-line @next/next/no-img-element -- pictures are already sized and converted by /media
    <img
      src={image.src}
      srcSet={image.photo?.webp}
      sizes={image.photo?.sizes}
      alt={image.alt}
      width={640}
      height={360}
      className={image.photo ? 'car-photo' : undefined}
      loading={eager ? 'eager' : 'lazy'}
      // The first card's picture is the page's largest paint on a phone: fetched before the others.
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
    />
  );
  if (!image.photo) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={image.photo.avif} sizes={image.photo.sizes} />
      {img}
    </picture>
  );
}
