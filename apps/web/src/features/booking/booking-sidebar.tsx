import 'server-only';
import { parsePanamaDateTime } from '@rentacar/domain/dates';
import { rentalDays } from '@rentacar/domain/rental-days';
import type { Locale } from '@/i18n/routing';
import { getBranches, loadAppData, type BookingCatalog } from '@/content';
import { Link } from '@/features/i18n';
import { getTranslations } from 'next-intl/server';
import type { BookingDraft } from './booking-draft';
import { translateIssues, type BookingIssue } from '@/lib/issues';
import { BillDetails, BookingFacts, type SummaryFacts } from './booking-summary';
import { findBranch, type PricingResult } from './pricing';
import { labelledLines } from './reservations';
import { stepPath } from './booking-routes';
import { extraCodeOf, stepToFix } from './step-refusals';

// The bill beside the steps and the checkout, in a module of its own: the checkout imports it without the steps'
// forms (every client component a page's server modules import is in that page's JavaScript).

/** The facts the sidebar shows, from the draft and the cached content (also when the draft no longer prices). */
export async function draftFacts(draft: BookingDraft, catalog: BookingCatalog, locale: Locale): Promise<SummaryFacts> {
  const [{ fleet }, branches] = await Promise.all([loadAppData(), getBranches()]);
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

/** The bill beside every step and the checkout: the draft as the page priced it (draft-pricing.ts). */
export async function BookingSidebar({ draft, priced, catalog, locale, editable = true }: { draft: BookingDraft; priced: PricingResult; catalog: BookingCatalog; locale: Locale; editable?: boolean }) {
  const facts = await draftFacts(draft, catalog, locale);
  return (
    <aside className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-6">
      <BookingFacts facts={facts} locale={locale} editable={editable} />
      {priced.ok ? (
        <BillDetails lines={labelledLines(priced.booking, locale)} total={priced.booking.quote.total} locale={locale} />
      ) : (
        <DraftIssues issues={priced.issues} catalog={catalog} locale={locale} editable={editable} />
      )}
    </aside>
  );
}

/**
 * Why the draft no longer prices (content changed since the step was saved: an extra's maximum, a car sold out), each
 * reason with what it is about (the extra's name) and a link to the step that puts it right.
 */
async function DraftIssues({ issues, catalog, locale, editable }: { issues: readonly BookingIssue[]; catalog: BookingCatalog; locale: Locale; editable: boolean }) {
  const t = await getTranslations('booking.summary.fix');
  const extraName = (field: string) => {
    const code = extraCodeOf(field);
    return code === undefined ? undefined : catalog.extras.find((extra) => extra.code === code)?.text[locale].name;
  };
  return (
    <ul className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="draft-issues">
      {translateIssues(issues, locale).map((entry) => {
        const about = extraName(entry.field);
        const step = stepToFix(entry.field);
        return (
          <li key={`${entry.field}-${entry.code}`}>
            {about ? <span className="font-semibold">{about}: </span> : null}
            {entry.message}
            {editable ? (
              <>
                {' '}
                <Link href={stepPath(step)} className="font-semibold underline underline-offset-4">
                  {t(step)}
                </Link>
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
