import { getTranslations } from 'next-intl/server';

export async function ReservationThanks() {
  const t = await getTranslations('reservation');
  return <h1 className="text-3xl font-bold text-slate-900">{t('thanksTitle')}</h1>;
}
