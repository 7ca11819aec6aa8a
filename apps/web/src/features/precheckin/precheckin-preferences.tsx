import { getTranslations } from 'next-intl/server';

export async function PrecheckinPreferences() {
  const t = await getTranslations('precheckin');
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold text-slate-900">{t('preferencesTitle')}</h1>
      <p className="text-lg text-slate-700">{t('preferencesIntro')}</p>
    </div>
  );
}
