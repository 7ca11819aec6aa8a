import { getTranslations } from 'next-intl/server';
import { SpriteIcon } from '@/components/icon-sprite';
import { formatMoney } from '@rentacar/domain/money';
import { isCarType } from '@rentacar/domain/fleet';
import type { Locale } from '@/i18n/routing';
import type { Car } from '@/content';
import { AvailabilityBadge } from './availability-badge';
import type { FleetCarOffer } from '@/features/booking';
import { ReserveButton, type ReserveSearch } from './reserve-button';


/** A car's offer for searched dates: its all-in total and, when it cannot be booked, why. */
export type CarOffer = FleetCarOffer & { days: number };

/**
 * One car of the fleet: illustration, daily and prepaid prices, minimum days, features and availability. With an
 * `offer` (a search with dates), the all-in total for those dates beside the daily rate (Law 473) and the stock's
 * availability; `reserve` carries the search into the booking flow.
 */
export async function CarCard({ car, locale, headingLevel = 'h2', eager = false, offer, reserve }: { car: Car; locale: Locale; headingLevel?: 'h2' | 'h3'; eager?: boolean; offer?: CarOffer; reserve?: ReserveSearch }) {
  const t = await getTranslations('fleet');
  const tb = await getTranslations('booking.fleet');
  const typeLabel = isCarType(car.type) ? t(`types.${car.type}`) : car.type;
  const Heading = headingLevel;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="car-card" data-car-id={car.id}>
      <div className="relative bg-slate-50 px-4 pt-4">
        <div className="absolute top-3 left-3">
          <AvailabilityBadge status={offer?.availability ?? car.status} />
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
            className="mx-auto aspect-[16/9] w-full max-w-xs object-contain"
          />
        ) : (
          <div className="aspect-[16/9]" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {typeLabel}
            {car.classCode ? <span className="ml-2 font-mono normal-case">· {t('classCode', { code: car.classCode })}</span> : null}
          </p>
          <Heading className="text-lg font-bold text-slate-900">{t('orSimilar', { make: car.make, model: car.model })}</Heading>
        </div>
        <ul className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm text-slate-700">
          {car.passengers ? (
            <li className="flex items-center gap-1.5"><SpriteIcon name="passengers" className="size-4" />{t('passengers', { count: car.passengers })}</li>
          ) : null}
          {car.doors ? (
            <li className="flex items-center gap-1.5"><SpriteIcon name="doors" className="size-4" />{t('doors', { count: car.doors })}</li>
          ) : null}
          {car.bags != null ? (
            <li className="flex items-center gap-1.5"><SpriteIcon name="bags" className="size-4" />{t('bags', { count: car.bags })}</li>
          ) : null}
          {car.transmission ? (
            <li className="flex items-center gap-1.5"><SpriteIcon name="transmission" className="size-4" />{t(`transmission.${car.transmission}`)}</li>
          ) : null}
          {car.fuel ? (
            <li className="flex items-center gap-1.5"><SpriteIcon name="fuel" className="size-4" />{t(`fuel.${car.fuel}`)}</li>
          ) : null}
        </ul>
        <div className="mt-auto space-y-1 border-t border-slate-100 pt-3">
          <p className="flex items-baseline gap-1.5">
            <span className="text-2xl font-bold text-slate-900" data-testid="daily-price">{formatMoney(car.dailyRate, locale)}</span>
            <span className="text-sm text-slate-600">{t('perDay')}</span>
          </p>
          {car.discountPercent > 0 ? (
            <p className="text-sm font-medium text-emerald-800" data-testid="prepaid-price">
              {t('prepaid', { price: formatMoney(car.prepaidDailyRate, locale) })}
            </p>
          ) : null}
          <p className="text-sm text-slate-600" data-testid="minimum-days">{t('minimumDays', { days: car.minimumDays })}</p>
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
          {reserve && !offer?.refusal ? <ReserveButton car={car} locale={locale} search={reserve} label={tb('reserve')} accessibleLabel={tb('reserveCar', { car: `${car.make} ${car.model}` })} /> : null}
        </div>
      </div>
    </article>
  );
}
