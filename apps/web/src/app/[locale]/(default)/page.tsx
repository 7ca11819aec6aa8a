import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BadgeCheck, LifeBuoy } from 'lucide-react';
import { IconSprite } from '@/components/icon-sprite';
import { SpriteIcon } from '@/components/sprite-icon';
import { enterLocale } from '@/i18n';
import { isLocale } from '@/i18n/routing';
import { CtaBlocks, SEARCH_FORM_LABELS, SearchForm, SectionHeading, type SearchFormLabels } from '@/features/landing';
import { getBranches, loadAppData } from '@/content';
import { getPromos, PromoCard } from '@/features/promos';
import { CarList, driverAgeOptions } from '@/features/fleet';
import { pageAlternates } from '@/shared/seo';

type Props = { params: Promise<{ locale: string }> };

const FEATURED_COUNT = 6;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  return { alternates: pageAlternates(locale, '/') };
}

export default async function LandingPage({ params }: Props) {
  const locale = await enterLocale(params);
  const { site, fleet } = await loadAppData();
  const [branches, promos, t, ts] = await Promise.all([getBranches(locale), getPromos(site.brand), getTranslations('landing'), getTranslations('fleetSearch')]);
  const ages = driverAgeOptions(site, ts, locale);
  const text = site.text[locale];
  const featured = (fleet.cars.some((car) => car.featured) ? fleet.cars.filter((car) => car.featured) : fleet.cars).slice(0, FEATURED_COUNT);

  return (
    <>
      {/* The map pin of the branches and the sections' arrows, drawn once (the cars' icons come with their list). */}
      <IconSprite icons={['pin', 'arrowRight']} />
      <section className="bg-brand-dark text-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:py-16">
          <div className="max-w-3xl space-y-3">
            {text.tagline ? <p className="text-sm font-semibold tracking-wide text-white/90 uppercase">{text.tagline}</p> : null}
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{text.heroTitle || t('heroFallbackTitle')}</h1>
            <p className="text-lg text-white/90">{text.heroSubtitle || t('heroFallbackSubtitle')}</p>
          </div>
          <SearchForm
            branches={branches.map((branch) => ({ code: branch.code, name: branch.name }))}
            labels={Object.fromEntries(SEARCH_FORM_LABELS.map((key) => [key, t(key)])) as SearchFormLabels}
            action={locale === 'en' ? '/en/flota' : '/flota'}
            driverAge={{ label: ts('driverAge'), hint: ts('driverAgeHint'), ...ages }}
          />
        </div>
      </section>

      <section aria-labelledby="why-title" className="mx-auto max-w-6xl px-4 pt-12">
        <h2 id="why-title" className="sr-only">{t('whyTitle')}</h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {[
            { key: 'why1', icon: <BadgeCheck aria-hidden="true" />, text: t('why1') },
            { key: 'why2', icon: <LifeBuoy aria-hidden="true" />, text: t('why2') },
            { key: 'why3', icon: <SpriteIcon name="pin" />, text: t('why3') },
          ].map(({ key, icon, text: line }) => (
            <li key={key} className="tile">
              {icon}
              <span className="text-slate-800">{line}</span>
            </li>
          ))}
        </ul>
      </section>

      {featured.length > 0 ? (
        <section aria-labelledby="featured-title" className="mx-auto max-w-6xl space-y-6 px-4 pt-14">
          <SectionHeading id="featured-title" title={t('featuredTitle')} href="/flota" linkText={t('featuredLink')} />
          <CarList cars={featured} locale={locale} headingLevel="h3" />
        </section>
      ) : null}

      <CtaBlocks ctas={site.ctas} locale={locale} />

      {promos.length > 0 ? (
        <section aria-labelledby="promos-title" className="mx-auto max-w-6xl space-y-6 px-4 pt-14">
          <SectionHeading id="promos-title" title={t('promosTitle')} href="/promos" linkText={t('promosLink')} />
          <ul className="grid gap-6 md:grid-cols-3">
            {promos.slice(0, 3).map((promo) => (
              <li key={promo.id}>
                <PromoCard promo={promo} locale={locale} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="branches-title" className="mx-auto max-w-6xl space-y-6 px-4 pt-14">
        <SectionHeading id="branches-title" title={t('branchesTitle')} href="/sucursales" linkText={t('branchesLink')} />
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {branches.map((branch) => (
            <li key={branch.id} className="tile">
              <SpriteIcon name="pin" />
              <div>
                <p className="font-semibold text-slate-900">{branch.name}</p>
                <p className="text-sm text-slate-700">{branch.city}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
