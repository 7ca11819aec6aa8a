import 'server-only';
import { getLocale } from 'next-intl/server';
import { type Locale, localeOrDefault } from '@/i18n/routing';
import { getBookingCatalog, getBranches, loadAppData } from '@/content';
import { readBookingDraft, type BookingStep } from './booking-draft';
import { canOpenStep, firstIncompleteStep, isBookingStep, previousStep } from './booking-flow';
import { requestedStep, stepPath } from './booking-routes';
import { BookingSidebar } from './booking-sidebar';
import { draftPanelPrice } from './price-panel';
import { LiveCoverageFact, LivePanelPrice, LivePriceProvider } from './live-price';
import { BookingStepsNav } from './booking-steps-nav';
import { locationFormProps } from './location-form-props';
import { coverageStepProps, extrasStepProps } from './step-props';
import { ClientStep } from './steps/client-step';
import { CoverageStep } from './steps/coverage-step';
import { ExtrasStep } from './steps/extras-step';
import { LocationStep } from './steps/location-step';
import { getPathname, redirect } from '@/i18n/navigation';

type SearchParams = Record<string, string | string[] | undefined>;

async function currentLocale(): Promise<Locale> {
  const locale = await getLocale();
  return localeOrDefault(locale);
}

/** /reserva: the flow's steps before checkout; the step is in the URL (`?paso=cobertura`, `/en/reserva?step=coverage`). */
export async function ReservationDetails({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const locale = await currentLocale();
  const draft = await readBookingDraft();
  // The guard let the page open, so a draft exists; it can vanish between the two reads only if it expired meanwhile.
  if (!draft) redirect({ href: '/flota', locale });
  const query = await searchParams;
  const requested = requestedStep(query, locale);
  const fallback = firstIncompleteStep(draft.data) ?? 'client';
  if (!isBookingStep(requested.step) || !canOpenStep(requested.step, draft.data)) redirect({ href: stepPath(fallback, locale), locale });
  // An old link or the other language's: the same step, named in this page's language.
  if (!requested.inPageLanguage) redirect({ href: stepPath(requested.step, locale), locale });
  const step: BookingStep = requested.step;

  const [{ site, fleet }, branches, catalog] = await Promise.all([loadAppData(), getBranches(locale), getBookingCatalog()]);
  const price = await draftPanelPrice(draft, locale);
  const car = fleet.cars.find((candidate) => candidate.id === draft.data.carId);
  const previous = previousStep(step);
  const backHref = getPathname({ href: previous ? stepPath(previous, locale) : '/flota', locale });

  const form = await (async () => {
    switch (step) {
      case 'location':
        return (
          <LocationStep
            locale={locale}
            {...(await locationFormProps(site, car, branches, locale, { pickupBranch: draft.data.pickupBranch, returnBranch: draft.data.returnBranch, pickupAt: draft.data.pickupAt, returnAt: draft.data.returnAt }))}
          />
        );
      case 'coverage':
        return (
          <CoverageStep
            locale={locale}
            {...coverageStepProps(catalog, car, site.eraDailyRate, locale)}
            initial={{ coverageId: draft.data.coverageId, era: draft.data.era }}
            backHref={backHref}
          />
        );
      case 'extras':
        return (
          <ExtrasStep
            locale={locale}
            {...extrasStepProps(catalog, site.youngDriverFees, locale, catalog.coverages.find((coverage) => coverage.id === draft.data.coverageId))}
            initial={{ extras: draft.data.extras, deliveryOptionId: draft.data.deliveryOptionId, flightNumber: draft.data.flightNumber }}
            backHref={backHref}
          />
        );
      case 'client':
        return (
          <ClientStep
            locale={locale}
            initial={{ ...draft.data.client, termsAccepted: draft.data.termsAccepted }}
            pickupDate={draft.data.pickupAt.slice(0, 10)}
            minimumAge={site.minimumRenterAge}
            termsHref={getPathname({ href: '/info/terminos-y-condiciones', locale })}
            backHref={backHref}
          />
        );
    }
  })();

  return (
    <div className="space-y-6">
      <BookingStepsNav current={step} completed={draft.data.completed} />
      <LivePriceProvider locale={locale} initial={price}>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="rounded-2xl bg-white/60 p-0 sm:p-2">{form}</div>
          <BookingSidebar
            draft={draft}
            catalog={catalog}
            locale={locale}
            live={{ bill: <LivePanelPrice />, coverage: <LiveCoverageFact saved={catalog.coverages.find((coverage) => coverage.id === draft.data.coverageId)?.text[locale].name} /> }}
          />
        </div>
      </LivePriceProvider>
    </div>
  );
}
