import { getTranslations } from 'next-intl/server';
import { CalendarDays, Tag, TrendingDown, TrendingUp } from 'lucide-react';
import type { Locale } from '@/i18n/routing';
import { buttonClass } from '@/shared/forms';
import { formatContentDate } from '@/i18n';
import { bookWithPromoCode } from './promo-actions';
import { promoValidity } from './promo-schedule';
import type { Promo, PromoSeason } from '@/content';

/**
 * The promotion's validity as renters read it: both Panama days when known, else the one there is. A promotion linked
 * to a season gives the season's days where it has none of its own (promo-schedule.ts).
 */
async function validityText(promo: Promo, locale: Locale): Promise<string | undefined> {
  const t = await getTranslations({ locale, namespace: 'promos' });
  const { validFrom, validUntil } = promoValidity(promo);
  const from = validFrom ? formatContentDate(validFrom, locale) : undefined;
  const until = validUntil ? formatContentDate(validUntil, locale) : undefined;
  if (from && until) return t('validity', { from, until });
  if (until) return t('validUntil', { date: until });
  if (from) return t('validFrom', { date: from });
  return undefined;
}

/**
 * What the linked season does to the daily price, on its days and (when it names some) for its classes: "Temporada:
 * 15 % menos por día del …" for a lower price, "Tarifas de temporada: +20 % por día …" for a higher one. Only told: the
 * quote applies the season to each day it covers. A season that changes nothing (0 %) says nothing.
 */
async function seasonText(season: PromoSeason, locale: Locale): Promise<string | undefined> {
  if (season.adjustmentPercent === 0) return undefined;
  const t = await getTranslations({ locale, namespace: 'promos' });
  const lower = season.adjustmentPercent < 0;
  const values = {
    percent: Math.abs(season.adjustmentPercent),
    from: formatContentDate(season.starts, locale),
    until: formatContentDate(season.ends, locale),
  };
  if (season.carClasses.length === 0) return lower ? t('seasonLower', values) : t('seasonHigher', values);
  const classes = season.carClasses.join(', ');
  return lower ? t('seasonLowerClasses', { ...values, classes }) : t('seasonHigherClasses', { ...values, classes });
}

/**
 * One promotion: artwork, title, description, code, its season's price change, validity and (on /promos) its terms. With `bookable`, a promotion
 * with a coupon has a "book with this code" button: a plain form posting to a server action (works without
 * JavaScript, and the page stays the same static page for everyone), which remembers the code and opens the fleet.
 */
export async function PromoCard({
  promo,
  locale,
  headingLevel = 'h2',
  withTerms = false,
  bookable = false,
}: {
  promo: Promo;
  locale: Locale;
  headingLevel?: 'h2' | 'h3';
  withTerms?: boolean;
  bookable?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'promos' });
  const text = promo.text[locale];
  const Heading = headingLevel;
  const validity = await validityText(promo, locale);
  const season = promo.season ? await seasonText(promo.season, locale) : undefined;
  const SeasonIcon = promo.season && promo.season.adjustmentPercent < 0 ? TrendingDown : TrendingUp;
  const hintId = `promo-${promo.id}-book-hint`;
  return (
    <article className="card" data-testid="promo-card">
      {promo.imageUrl ? (
        // Loaded with the page, not lazily: a lazy image below the fold was an empty white box in the landing's first
        // promotion until scrolled to (and in a full-page capture or a jump down the page). The artworks are small
        // SVGs, fetched at low priority so they never compete with the page's first view; the tint shows meanwhile.
        // eslint-disable-next-line @next/next/no-img-element -- SVG artwork from the content service
        <img src={promo.imageUrl} alt="" width={640} height={320} fetchPriority="low" decoding="async" className="aspect-[2/1] w-full bg-brand/10 object-cover" data-testid="promo-image" />
      ) : (
        // A promotion without artwork gets the brand's tint and a tag, not an empty box.
        <div aria-hidden="true" className="flex aspect-[2/1] w-full items-center justify-center bg-brand/10 text-brand" data-testid="promo-image-fallback">
          <Tag className="size-16" strokeWidth={1.5} />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="text-lg font-bold text-slate-900">{text.title}</Heading>
        <p className="text-slate-700">{text.description}</p>
        <div className="mt-auto space-y-1.5 pt-2 text-sm text-slate-700">
          {promo.couponCode ? (
            <p className="inline-flex items-center gap-1.5 rounded-md bg-slate-100 px-2 py-1 font-mono font-semibold text-slate-900">
              <Tag aria-hidden="true" className="size-4" />
              {t('code', { code: promo.couponCode })}
            </p>
          ) : null}
          {season ? (
            <p className="flex items-center gap-1.5" data-testid="promo-season">
              <SeasonIcon aria-hidden="true" className="size-4 shrink-0" />
              {season}
            </p>
          ) : null}
          {validity ? (
            <p className="flex items-center gap-1.5" data-testid="promo-validity">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              {validity}
            </p>
          ) : null}
        </div>
        {withTerms && text.terms ? (
          <details className="text-sm text-slate-700">
            <summary className="cursor-pointer py-1 font-semibold">{t('terms')}</summary>
            <p className="mt-2">{text.terms}</p>
          </details>
        ) : null}
        {bookable && promo.couponCode ? (
          <form action={bookWithPromoCode} className="space-y-2 pt-2">
            <input type="hidden" name="code" value={promo.couponCode} />
            <input type="hidden" name="locale" value={locale} />
            {/* The name carries the code, so a list of these buttons tells them apart; it starts with the visible text. */}
            <button type="submit" className={buttonClass('primary', 'w-full')} aria-label={t('bookWithCodeLabel', { code: promo.couponCode })} aria-describedby={hintId}>
              {t('bookWithCode')}
            </button>
            <p id={hintId} className="text-sm text-slate-600">
              {t('bookWithCodeHint')}
            </p>
          </form>
        ) : null}
      </div>
    </article>
  );
}
