import { getTranslations } from 'next-intl/server';
import { IconSprite, type SpriteIconName } from '@/components/icon-sprite';
import type { Locale } from '@/i18n/routing';
import { formatPanamaDate } from '@rentacar/domain/dates';
import { lowestDailyRate } from '@rentacar/domain/rates';
import { getBookingCatalog, loadAppData, type Car } from '@/content';
import type { FleetCarOffer } from '@/features/pricing';
import { CarGrid } from './car-cards';
import { carCardView } from './car-card-view';
import { ReserveForm, type ReserveSearch } from './reserve-form';

/** The icons of a card's features, drawn once for the list. */
const CAR_ICONS: readonly SpriteIconName[] = ['passengers', 'doors', 'bags', 'transmission', 'fuel'];

/**
 * Cars as a grid of cards (car-cards.tsx, their texts from car-card-view.ts), with the sprite of their icons. `eager`:
 * how many of the first illustrations load at once (those above the fold). With `reserve` (the search to carry, empty
 * without dates), each card has a "Reserve" button, all in one form that works without JavaScript; with `offers` (a
 * search with dates), each card shows its offer, and a car the offer refuses has no button.
 */
export async function CarList({
  cars,
  locale,
  headingLevel,
  eager = 0,
  reserve,
  offers,
}: {
  cars: readonly Car[];
  locale: Locale;
  headingLevel?: 'h2' | 'h3';
  eager?: number;
  reserve?: ReserveSearch;
  offers?: { byCar: ReadonlyMap<string, FleetCarOffer>; days: number };
}) {
  const [t, tb, ts, catalog, { site }] = await Promise.all([getTranslations('fleet'), getTranslations('booking.fleet'), getTranslations('fleetSearch'), getBookingCatalog(), loadAppData()]);
  const today = formatPanamaDate(new Date());

  const views = cars.map((car) => {
    const found = offers?.byCar.get(car.id);
    // Without dates: the lowest daily price the seasons give over the next 30 days ("from").
    const fromDaily = offers ? undefined : lowestDailyRate(car.dailyRate, catalog.seasons, { brand: site.brand, carClass: car.classCode, today });
    return carCardView(car, { t, tb, ts }, locale, { offer: found && offers ? { ...found, days: offers.days } : undefined, reservable: reserve !== undefined, fromDaily });
  });
  const grid = <CarGrid cars={views} labels={{ perDay: t('perDay'), reserve: tb('reserve') }} headingLevel={headingLevel} eager={eager} />;
  return (
    <>
      <IconSprite icons={CAR_ICONS} />
      {reserve ? (
        <ReserveForm locale={locale} search={reserve}>
          {grid}
        </ReserveForm>
      ) : (
        grid
      )}
    </>
  );
}
