import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { Car } from '@/content';
import { catalogues, type Language } from '../../../test/render-in-language';
import { CarGrid } from './car-cards';
import { carCardView, type CarOffer } from './car-card-view';

const base: Car = {
  id: '7', make: 'Kia', model: 'Rio', year: 2025, type: 'sedan', classCode: 'ECMR', status: 'available', featured: false,
  dailyRate: 3000, prepaidDailyRate: 2700, discountPercent: 10, prepaidDiscountId: 'PP10', minimumDays: 3,
  doors: 4, bags: 2, passengers: 5, transmission: 'automatic', fuel: 'gas', picture: { kind: 'drawing', fileId: '3b9f4c1e-6d2a-4f0b-9c8e-1a2b3c4d5e6f', version: 'mi2x8c0g' }, imageUrl: '/media/3b9f4c1e-6d2a-4f0b-9c8e-1a2b3c4d5e6f/mi2x8c0g/drawing.svg',
};
const NO_RATE_PLANS = { seasons: [], demandPercent: 0, lengthDiscountTier: null };
const cars: Car[] = [base, { ...base, id: '8', make: 'Toyota', model: 'Yaris' }, { ...base, id: '9', make: 'Suzuki', model: 'Swift' }];

/** The grid as a page draws it: each card's texts from carCardView, in `language`. */
function renderGrid(language: Language, { offers, reservable }: { offers?: Record<string, CarOffer>; reservable: boolean }) {
  const messages = catalogues[language];
  const t = createTranslator({ locale: language, messages, namespace: 'fleet' });
  const tb = createTranslator({ locale: language, messages, namespace: 'booking.fleet' });
  const ts = createTranslator({ locale: language, messages, namespace: 'fleetSearch' });
  const views = cars.map((car) => carCardView(car, { t, tb, ts }, language, { offer: offers?.[car.id], reservable }));
  let submitted: FormData | undefined;
  render(
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submitted = new FormData(event.currentTarget, event.nativeEvent.submitter);
      }}
    >
      <CarGrid cars={views} labels={{ perDay: t('perDay'), reserve: tb('reserve') }} headingLevel="h3" eager={1} />
    </form>,
  );
  return { submitted: () => submitted };
}

describe.each(['es', 'en'] as const)('the fleet’s cards (%s)', (language) => {
  const text = {
    es: { season: 'Temporada: Temporada alta (+20% × 2 días)', week: 'Descuento por 7 días o más (−10%)', reserve: 'Reservar', reserveYaris: 'Reservar el Toyota Yaris', yaris: 'Toyota Yaris o similar', refusal: '3 días mínimo: elige fechas más largas' },
    en: { season: 'Season: Temporada alta (+20% × 2 days)', week: 'Discount for 7 days or more (−10%)', reserve: 'Reserve', reserveYaris: 'Reserve the Toyota Yaris', yaris: 'Toyota Yaris or similar', refusal: '3 days minimum: choose longer dates' },
  }[language];

  it('shows each car under its heading, and its button submits the form with that car', async () => {
    const form = renderGrid(language, { reservable: true });
    const cards = screen.getAllByTestId('car-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[1] as HTMLElement).getByRole('heading', { level: 3 })).toHaveTextContent(text.yaris);
    const button = screen.getByRole('button', { name: text.reserveYaris });
    expect(button).toHaveTextContent(text.reserve);
    await userEvent.setup().click(button);
    expect(form.submitted()?.get('car')).toBe('8');
  });

  it('loads the first illustrations at once and the others when scrolled to', () => {
    renderGrid(language, { reservable: false });
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', null, null]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says why a car cannot be booked for the dates, and offers no button for it', () => {
    renderGrid(language, { reservable: true, offers: { '8': { availability: 'available', refusal: 'belowMinimum', total: 9000, payNowTotal: 8100, payNowSaving: 900, days: 1, ratePlans: NO_RATE_PLANS }, '9': { availability: 'soldOut', refusal: 'soldOut', total: 9000, payNowTotal: 8100, payNowSaving: 900, days: 1, ratePlans: NO_RATE_PLANS } } });
    const [, yaris, swift] = screen.getAllByTestId('car-card');
    expect(within(yaris as HTMLElement).getByTestId('refusal')).toHaveTextContent(text.refusal);
    expect(within(yaris as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(swift as HTMLElement).getByTestId('refusal')).toHaveTextContent(catalogues[language].booking.fleet.soldOut);
    expect(within(swift as HTMLElement).getByText(catalogues[language].fleet.status.soldOut)).toHaveAttribute('data-status', 'soldOut');
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('lists under a total for the dates what the rate plans did to it, and nothing for a car they left alone', () => {
    const ratePlans = { seasons: [{ name: 'Temporada alta', adjustmentPercent: 20, days: 2, amount: 1200 }], demandPercent: 0, lengthDiscountTier: { minDays: 7, percent: 10 } };
    renderGrid(language, { reservable: true, offers: { '7': { availability: 'available', refusal: undefined, total: 30000, payNowTotal: 27000, payNowSaving: 3000, days: 7, ratePlans }, '8': { availability: 'available', refusal: undefined, total: 21000, payNowTotal: 21000, payNowSaving: 0, days: 7, ratePlans: NO_RATE_PLANS } } });
    const [rio, yaris] = screen.getAllByTestId('car-card');
    const items = within(within(rio as HTMLElement).getByTestId('rate-plans')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([text.season, text.week]);
    expect(within(yaris as HTMLElement).queryByTestId('rate-plans')).toBeNull();
  });

  it('shows both totals for the dates, the total paid now first, and one total when paying now costs the same', () => {
    renderGrid(language, { reservable: true, offers: { '7': { availability: 'available', refusal: undefined, total: 30000, payNowTotal: 27000, payNowSaving: 3000, days: 7, ratePlans: NO_RATE_PLANS }, '8': { availability: 'available', refusal: undefined, total: 21000, payNowTotal: 21000, payNowSaving: 0, days: 7, ratePlans: NO_RATE_PLANS } } });
    const [rio, yaris] = screen.getAllByTestId('car-card');
    const words = catalogues[language].fleetSearch;
    expect(within(rio as HTMLElement).getByTestId('pay-now-price')).toHaveTextContent(words.payNowTotal.replace('{total}', '$270.00'));
    expect(within(rio as HTMLElement).getByTestId('total-price')).toHaveTextContent(words.atCounterTotal.replace('{total}', '$300.00'));
    expect(within(yaris as HTMLElement).queryByTestId('pay-now-price')).toBeNull();
    expect(within(yaris as HTMLElement).getByTestId('total-price')).toHaveTextContent(words.sameTotal.replace('{total}', '$210.00'));
    // Neither is on promotion: no saving is claimed.
    expect(screen.queryByTestId('promo-saving')).toBeNull();
    // Every car here needs 3 days: each card says so.
    expect(screen.getAllByTestId('minimum-days')).toHaveLength(3);
  });
});
