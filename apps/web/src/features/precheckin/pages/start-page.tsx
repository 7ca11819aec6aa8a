import 'server-only';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n';
import { PRECHECKIN_PATHS } from '../precheckin-paths';
import { PageHeading, pageLocale, PrecheckinLookup, PrecheckinProgress } from './precheckin-parts';

export async function PrecheckinStart() {
  const [locale, t] = await Promise.all([pageLocale(), getTranslations('precheckin')]);
  return (
    <div className="space-y-8">
      <PrecheckinProgress current={0} />
      <PageHeading title={t('title')} intro={t('intro')} />
      <PrecheckinLookup locale={locale} next="verify" />
      <p className="text-sm text-slate-700">
        <Link href={PRECHECKIN_PATHS.preferences} className="font-semibold text-brand underline underline-offset-4">
          {t('preferencesLink')}
        </Link>
      </p>
    </div>
  );
}

/** /precheckin/verify: the driver's documents, other drivers and the terms. */
