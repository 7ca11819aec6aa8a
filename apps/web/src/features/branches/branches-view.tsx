import 'server-only';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Building2, Clock, ExternalLink, MapPin, Phone, Plane } from 'lucide-react';
import { isRoundTheClock, weeklyHours } from '@rentacar/domain/dates';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n';
import { PageHeader } from '@/components/page-header';
import { pageAlternates } from '@/shared/seo';
import { getBranches, type Branch } from '@/content';
import { branchAnchorId, displayPhone, fullAddress, mapUrl, phoneHref } from './branch-links';
import { BranchesMap } from './branches-map';
import { bookAtBranchPath } from './book-at-branch-path';
import { OpenNowBadge } from './open-now-badge';
import type { OpenNowLabels } from './open-now';
import { BRANCHES_PATH, branchesPath, provinceOptions, selectBranches, type BranchesFilter } from './province-filter';

type BranchesTranslator = Awaited<ReturnType<typeof getTranslations<'branches'>>>;
type BranchesMapTranslator = Awaited<ReturnType<typeof getTranslations<'branchesMap'>>>;

/** Title, description, canonical and hreflang of the branches page for a filter. */
export async function branchesMetadata(locale: Locale, filter: BranchesFilter): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'branches' });
  const all: Metadata = { title: t('title'), description: t('intro') };
  if (!filter.province) return { ...all, alternates: pageAlternates(locale, BRANCHES_PATH) };
  const { province } = selectBranches(await getBranches(locale), filter);
  // A province with no branch shows every branch: a page of its own for search engines to skip.
  if (!province) return { ...all, robots: { index: false, follow: true } };
  return {
    title: t('provinceTitle', { province: province.name }),
    description: t('intro'),
    alternates: pageAlternates(locale, branchesPath({ province: province.slug })),
  };
}

/** The badge's templates, with `{time}` and `{day}` left for the browser to fill from its own clock. */
function openNowLabels(t: BranchesTranslator): OpenNowLabels {
  const time = { time: '{time}' };
  const slot = { time: '{time}', day: '{day}' };
  return {
    open: t('openNow.open'),
    closed: t('openNow.closed'),
    allDay: t('openNow.allDay'),
    closesAt: t('openNow.closesAt', time),
    closesTomorrowAt: t('openNow.closesTomorrowAt', time),
    closesOnAt: t('openNow.closesOnAt', slot),
    opensAt: t('openNow.opensAt', time),
    opensTomorrowAt: t('openNow.opensTomorrowAt', time),
    opensOnAt: t('openNow.opensOnAt', slot),
    weekdays: [0, 1, 2, 3, 4, 5, 6].map((day) => t(`openNow.weekdays.${day}` as 'openNow.weekdays.0')),
  };
}

const hidden = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;

/**
 * The branches page: the province filter and a list of links to each branch's section at the top, the map of the
 * listed branches, then one section per branch (id = its code) with its address, map link, "Book here" (a search
 * starting at that branch), phone, open-now badge and weekly hours.
 */
export async function BranchesView({ locale, filter }: { locale: Locale; filter: BranchesFilter }) {
  const [all, t, tMap] = await Promise.all([getBranches(locale), getTranslations('branches'), getTranslations('branchesMap')]);
  const { branches, province, unknownProvince } = selectBranches(all, filter);
  const labels = openNowLabels(t);
  const chips = [{ slug: undefined, name: t('allProvinces') }, ...provinceOptions(all)];

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <PageHeader title={province ? t('provinceTitle', { province: province.name }) : t('title')} intro={t('intro')} />

      <div className="space-y-5 rounded-2xl border border-slate-200 bg-slate-50 p-5">
        <nav aria-labelledby="province-filter-title" className="space-y-2">
          <h2 id="province-filter-title" className="text-base font-bold text-slate-900">
            {t('provinceFilter')}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.slug ?? 'all'}>
                {/* A plain link per province: the filter works without JavaScript and each choice is its own URL. */}
                <Link href={branchesPath({ province: chip.slug })} className="chip" aria-current={filter.province === chip.slug ? 'true' : undefined} scroll={false}>
                  {chip.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {branches.length > 0 ? (
          <nav aria-labelledby="branch-index-title" className="space-y-2">
            <h2 id="branch-index-title" className="text-base font-bold text-slate-900">
              {t('branchIndex')}
            </h2>
            <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {branches.map((branch) => (
                <li key={branch.id}>
                  <a href={`#${branchAnchorId(branch.code)}`} className="inline-block py-1 font-medium text-slate-900 underline underline-offset-4 hover:text-brand">
                    {branch.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>

      <BranchesMap branches={branches} />

      {unknownProvince ? (
        <p className="rounded-xl bg-amber-50 p-4 text-amber-950" data-testid="unknown-province">
          {t('unknownProvince')}
        </p>
      ) : null}
      <p className="text-sm font-medium text-slate-700" role="status" data-testid="branch-count">
        {province ? t('countInProvince', { count: branches.length, province: province.name }) : t('count', { count: branches.length })}
      </p>

      <ul className="grid gap-6 md:grid-cols-2">
        {branches.map((branch) => (
          <li key={branch.id}>
            <BranchSection branch={branch} labels={labels} t={t} tMap={tMap} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function BranchSection({ branch, labels, t, tMap }: { branch: Branch; labels: OpenNowLabels; t: BranchesTranslator; tMap: BranchesMapTranslator }) {
  const anchor = branchAnchorId(branch.code);
  return (
    // tabIndex -1: following a link to #CODE moves focus here, so the next Tab continues inside this branch.
    <article
      id={anchor}
      tabIndex={-1}
      aria-labelledby={`${anchor}-name`}
      data-testid="branch"
      className="h-full scroll-mt-24 space-y-4 rounded-2xl border border-slate-200 p-6 target:border-brand target:ring-1 target:ring-brand"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${anchor}-name`} className="text-xl font-bold text-slate-900">
          {branch.name}
        </h2>
        <span
          className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ${branch.isAirport ? 'bg-sky-100 text-sky-900' : 'bg-slate-100 text-slate-800'}`}
          data-testid="branch-kind"
        >
          {branch.isAirport ? <Plane aria-hidden="true" className="size-3.5" /> : <Building2 aria-hidden="true" className="size-3.5" />}
          {branch.isAirport ? t('airport') : t('town')} · {branch.code}
        </span>
      </div>
      <OpenNowBadge hours={branch.openingHours} labels={labels} />
      <div className="space-y-2">
        <p className="flex items-start gap-2 text-slate-800">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
          <span>
            <span className="sr-only">{t('address')}: </span>
            {fullAddress(branch)}
          </span>
        </p>
        <p className="pl-6">
          <a
            href={mapUrl(branch)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 py-1 text-sm font-semibold text-slate-900 underline underline-offset-4 hover:text-brand"
            data-testid="map-link"
          >
            {t.rich('mapLink', { name: branch.name, hidden })}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </p>
      </div>
      <p>
        {/* Named in one piece: the hidden part, positioned apart, would otherwise be read as "Reservar aquí : Boquete". */}
        <Link
          href={bookAtBranchPath(branch.code)}
          className="btn-primary"
          data-testid="book-here"
          aria-label={tMap.markup('bookHere', { name: branch.name, hidden: (chunks) => chunks })}
        >
          {tMap.rich('bookHere', { name: branch.name, hidden })}
        </Link>
      </p>
      {branch.phone ? (
        <p className="flex items-center gap-2 text-slate-800">
          <Phone aria-hidden="true" className="size-4 text-brand" />
          <span className="sr-only">{t('phone')}: </span>
          <a href={phoneHref(branch.phone)} className="py-1 underline underline-offset-4">
            {displayPhone(branch.phone)}
          </a>
        </p>
      ) : null}
      {branch.airportFeePercent > 0 ? <p className="text-sm text-slate-700">{t('airportFee', { percent: branch.airportFeePercent })}</p> : null}
      <div>
        <h3 className="flex items-center gap-2 font-semibold text-slate-900">
          <Clock aria-hidden="true" className="size-4 text-brand" />
          {t('hours')}
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {weeklyHours(branch.openingHours).map(({ day, ranges }) => (
            <div key={day} className="contents">
              <dt className="text-slate-700">{t(`days.${day}` as 'days.0')}</dt>
              <dd className="text-slate-900">
                {ranges.length === 0
                  ? t('closed')
                  : ranges.map((range) => (isRoundTheClock(range) ? t('open24h') : `${range.open}–${range.close}`)).join(', ')}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {branch.directions ? (
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{t('directions')}: </span>
          {branch.directions}
        </p>
      ) : null}
    </article>
  );
}
