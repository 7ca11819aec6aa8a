import 'server-only';
import { parsePanamaDateTime } from '@rentacar/domain/dates';
import { rentalDays } from '@rentacar/domain/rental-days';
import type { Locale } from '@/i18n/routing';
import { getBranches, loadAppData, type BookingCatalog } from '@/content';
import type { ReactNode } from 'react';
import type { BookingDraft } from './booking-draft';
import { findBranch, panelPriceOf, PanelPriceView, type PricingResult } from '@/features/pricing';
import { BookingFacts, type SummaryFacts } from '@/features/reservations';
import { stepPath } from './booking-routes';
import { stepFixes } from './price-panel';

// The bill beside the steps and the checkout, in a module of its own: the checkout imports it without the steps'
// forms (every client component a page's server modules import is in that page's JavaScript).

/** The facts the sidebar shows, from the draft and the cached content (also when the draft no longer prices). */
export async function draftFacts(draft: BookingDraft, catalog: BookingCatalog, locale: Locale): Promise<SummaryFacts> {
  const [{ fleet }, branches] = await Promise.all([loadAppData(), getBranches(locale)]);
  const car = fleet.cars.find((candidate) => candidate.id === draft.data.carId);
  const pickup = parsePanamaDateTime(draft.data.pickupAt);
  const dropoff = parsePanamaDateTime(draft.data.returnAt);
  return {
    carName: car ? `${car.make} ${car.model}` : '',
    carImageUrl: car?.imageUrl,
    pickupBranch: findBranch(branches, draft.data.pickupBranch)?.name ?? '',
    returnBranch: findBranch(branches, draft.data.returnBranch)?.name ?? '',
    pickupAt: draft.data.pickupAt,
    returnAt: draft.data.returnAt,
    days: pickup && dropoff && dropoff > pickup ? rentalDays(pickup, dropoff) : 1,
    coverageName: catalog.coverages.find((coverage) => coverage.id === draft.data.coverageId)?.text[locale].name,
  };
}

/** Beside the steps: the price panel and the coverage fact that follow the renter's choices (live-price.tsx). */
export type LiveSidebarParts = { bill: ReactNode; coverage: ReactNode };

type SidebarProps = { draft: BookingDraft; catalog: BookingCatalog; locale: Locale; editable?: boolean; terms?: ReactNode } & (
  | { priced: PricingResult; live?: never }
  | { live: LiveSidebarParts; priced?: never }
);

/**
 * The bill beside every step and the checkout. `priced`: the draft as the page priced it (draft-pricing.ts), rendered
 * here. `live`: beside the steps, the parts a LivePriceProvider updates as the renter chooses (passed in, so that the
 * checkout, which imports this module, does not ship them). `terms`: under the bill, what the checkout's way of paying
 * agrees to (its deposit and cancellation terms).
 */
export async function BookingSidebar({ draft, priced, catalog, locale, editable = true, live, terms }: SidebarProps) {
  const facts = await draftFacts(draft, catalog, locale);
  return (
    <aside className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-6">
      <BookingFacts facts={facts} locale={locale} changeHref={editable ? stepPath('location', locale) : undefined} coverage={live?.coverage} />
      {live ? live.bill : <PanelPriceView price={panelPriceOf(priced, { coverageChosen: draft.data.coverageId !== undefined, catalog, locale, fix: editable ? await stepFixes(locale) : undefined })} />}
      {terms}
    </aside>
  );
}
