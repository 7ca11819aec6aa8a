import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n';
import { PageHeader } from '@/components/page-header';
import { getBranches } from '@/content';
import { SEARCH_FORM_LABELS, SearchForm, type SearchDriverAge, type SearchFormLabels } from '@/features/landing';
import { branchAnchorId, fullAddress } from './branch-links';
import { branchOfSegment } from './book-at-branch-path';
import { BRANCHES_PATH } from './province-filter';

/** Title and description of a branch's "Book here" page; none for an unknown branch (its page is a 404). */
export async function bookAtBranchMetadata(locale: Locale, segment: string): Promise<Metadata> {
  const branch = branchOfSegment(segment, await getBranches(locale));
  if (!branch) return {};
  const t = await getTranslations({ locale, namespace: 'branchesMap' });
  // Each branch's search form is a step to the fleet, not a page for search engines.
  return { title: t('bookTitle', { name: branch.name }), description: fullAddress(branch), robots: { index: false, follow: true } };
}

/**
 * "Book here": the landing's search form with the pickup at this branch already chosen (returning there too, unless
 * the renter says otherwise). A plain GET form to the fleet, so the search works without JavaScript; the page is the
 * same for every visitor, cached per branch. `driverAge`: the search's age question, built by the fleet (the route
 * composes the two; branches importing the fleet would close a loop through the booking flow).
 */
export async function BookAtBranchView({ locale, segment, driverAge }: { locale: Locale; segment: string; driverAge?: SearchDriverAge | undefined }) {
  const branches = await getBranches(locale);
  const branch = branchOfSegment(segment, branches);
  if (!branch) notFound();
  const [t, tLanding] = await Promise.all([getTranslations('branchesMap'), getTranslations('landing')]);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10" data-testid="book-at-branch" data-code={branch.code}>
      <PageHeader title={t('bookTitle', { name: branch.name })} intro={fullAddress(branch)} />
      <div className="rounded-2xl bg-brand-dark p-4 sm:p-6">
        <SearchForm
          branches={branches.map((item) => ({ code: item.code, name: item.name }))}
          labels={Object.fromEntries(SEARCH_FORM_LABELS.map((key) => [key, tLanding(key)])) as SearchFormLabels}
          action={locale === 'en' ? '/en/flota' : '/flota'}
          driverAge={driverAge}
          pickupBranch={branch.code}
        />
      </div>
      <p>
        <Link href={`${BRANCHES_PATH}#${branchAnchorId(branch.code)}`} className="font-semibold text-slate-900 underline underline-offset-4 hover:text-brand">
          {t('backToBranch', { name: branch.name })}
        </Link>
      </p>
    </div>
  );
}
