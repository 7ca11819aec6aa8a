import { getTranslations } from 'next-intl/server';
import { ReservationSteps } from './reservation-steps';

export async function ReservationCheckout() {
  const t = await getTranslations('reservation');
  return (
    <div className="space-y-6">
      <ReservationSteps current="stepPayment" />
      <h1 className="text-3xl font-bold text-slate-900">{t('checkoutTitle')}</h1>
    </div>
  );
}
