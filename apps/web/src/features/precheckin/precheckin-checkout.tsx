import { getTranslations } from 'next-intl/server';

export async function PrecheckinCheckout() {
  const t = await getTranslations('precheckin');
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold text-slate-900">{t('checkoutTitle')}</h1>

    </div>
  );
}
