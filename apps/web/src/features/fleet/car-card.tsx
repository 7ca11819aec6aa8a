import { getTranslations } from 'next-intl/server';
import { SpriteIcon } from '@/components/icon-sprite';
import { formatMoney } from '@rentacar/domain/money';
import { isCarType } from '@rentacar/domain/fleet';
import type { Locale } from '@/i18n/routing';
import type { Car } from '@/content';
import { AvailabilityBadge } from './availability-badge';
import type { FleetCarOffer } from '@/features/booking';
import { ReserveButton } from './reserve-button';

/** A car's offer for searched dates: its all-in total and, when it cannot be booked, why. */
export type CarOffer = FleetCarOffer & { days: number };

/**
 * One car of the fleet: illustration, daily and prepaid prices, minimum days, features and availability. With an
 * `offer` (a search with dates), the all-in total for those dates beside the daily rate (Law 473) and the stock's
 * availability. With `reservable`, a "Reserve" button, which submits the `ReserveForm` around the list (car-list.tsx)
 * unless the offer refuses the car.
 *
 * Its looks are the `.card` and `.car-*` rules of app/globals.css: the card repeats for every car of a page, in the HTML and again
 * in the React payload, so it carries short class names and no wrapper it does not need.
 */
export async function CarCard({ car, locale, headingLevel = 'h2', eager = false, offer, reservable = false }: { car: Car; locale: Locale; headingLevel?: 'h2' | 'h3'; eager?: boolean; offer?: CarOffer; reservable?: boolean }) {
  const t = await getTranslations('fleet');
  const tb = await getTranslations('booking.fleet');
  const typeLabel = isCarType(car.type) ? t(`types.${car.type}`) : car.type;
  const status = offer?.availability ?? car.status;
  const Heading = headingLevel;
  return (
    <article className="card" data-testid="car-card" data-car-id={car.id}>
      <div className="car-media">
        <div className="car-badge">
          <AvailabilityBadge status={status} label={t(`status.${status}`)} />
        </div>
        {car.imageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- small SVG illustrations served by the content service
          <img
            src={car.imageUrl}
            alt={t('imageAlt', { type: typeLabel, make: car.make, model: car.model })}
            width={640}
            height={360}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="aspect-[16/9]" />
        )}
      </div>
      <div className="car-body">
        <div>
          <p className="car-type">
            {typeLabel}
            {car.classCode ? <span>· {t('classCode', { code: car.classCode })}</span> : null}
          </p>
          <Heading>{t('orSimilar', { make: car.make, model: car.model })}</Heading>
        </div>
        <ul className="car-specs">
          {car.passengers ? (
            <li><SpriteIcon name="passengers" />{t('passengers', { count: car.passengers })}</li>
          ) : null}
          {car.doors ? (
            <li><SpriteIcon name="doors" />{t('doors', { count: car.doors })}</li>
          ) : null}
          {car.bags != null ? (
            <li><SpriteIcon name="bags" />{t('bags', { count: car.bags })}</li>
          ) : null}
          {car.transmission ? (
            <li><SpriteIcon name="transmission" />{t(`transmission.${car.transmission}`)}</li>
          ) : null}
          {car.fuel ? (
            <li><SpriteIcon name="fuel" />{t(`fuel.${car.fuel}`)}</li>
          ) : null}
        </ul>
        <div className="car-prices">
          <p className="car-rate">
            <span data-testid="daily-price">{formatMoney(car.dailyRate, locale)}</span>
            <span>{t('perDay')}</span>
          </p>
          {car.discountPercent > 0 ? (
            <p className="car-prepaid" data-testid="prepaid-price">
              {t('prepaid', { price: formatMoney(car.prepaidDailyRate, locale) })}
            </p>
          ) : null}
          <p className="car-note" data-testid="minimum-days">{t('minimumDays', { days: car.minimumDays })}</p>
          {offer ? (
            <div className="pt-2" data-testid="dated-offer">
              <p className="text-xl font-bold text-slate-900" data-testid="total-price">{tb('totalFor', { total: formatMoney(offer.total, locale) })}</p>
              <p className="text-xs text-slate-600">{tb('totalNote', { days: offer.days })}</p>
              {offer.refusal ? (
                <p className="mt-2 text-sm font-semibold text-red-800" data-testid="refusal">
                  {offer.refusal === 'belowMinimum' ? tb('belowMinimum', { days: car.minimumDays }) : tb(offer.refusal)}
                </p>
              ) : null}
            </div>
          ) : null}
          {reservable && !offer?.refusal ? <ReserveButton car={car} label={tb('reserve')} accessibleLabel={tb('reserveCar', { car: `${car.make} ${car.model}` })} /> : null}
        </div>
      </div>
    </article>
  );
}
