import { getTranslations } from 'next-intl/server';

export async function PrecheckinVerify() {
  const t = await getTranslations('precheckin');
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold text-slate-900">{t('verifyTitle')}</h1>

    </div>
  );
}
