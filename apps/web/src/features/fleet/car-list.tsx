import { IconSprite, type SpriteIconName } from '@/components/icon-sprite';
import type { Locale } from '@/i18n/routing';
import type { Car } from '@/content';
import type { FleetCarOffer } from '@/features/booking';
import { CarCard } from './car-card';
import { ReserveForm, type ReserveSearch } from './reserve-button';

/** The icons of a card's features, drawn once for the list. */
const CAR_ICONS: readonly SpriteIconName[] = ['passengers', 'doors', 'bags', 'transmission', 'fuel'];

/**
 * Cars as a grid of cards, with the sprite of their icons. `eager`: how many of the first illustrations load at once
 * (those above the fold). With `reserve` (the search to carry, empty without dates), each card has a "Reserve" button,
 * all in one form that works without JavaScript; with `offers` (a search with dates), each card shows its offer.
 */
export function CarList({
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
  const list = (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="fleet-list">
      {cars.map((car, index) => {
        const found = offers?.byCar.get(car.id);
        const offer = found && offers ? { ...found, days: offers.days } : undefined;
        return (
          <li key={car.id}>
            <CarCard car={car} locale={locale} headingLevel={headingLevel} eager={index < eager} offer={offer} reservable={reserve !== undefined} />
          </li>
        );
      })}
    </ul>
  );
  return (
    <>
      <IconSprite icons={CAR_ICONS} />
      {reserve ? (
        <ReserveForm locale={locale} search={reserve}>
          {list}
        </ReserveForm>
      ) : (
        list
      )}
    </>
  );
}
