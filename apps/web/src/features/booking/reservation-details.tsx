import { getTranslations } from 'next-intl/server';
import { loadAppData } from '@/features/content/app-data';
import { ReservationSteps } from './reservation-steps';
import { readReservationDraft } from './reservation-draft';

/** Step one of the reservation: what the renter chose (the forms arrive with the booking flow). */
export async function ReservationDetails() {
  const t = await getTranslations('reservation');
  const [draft, { fleet }] = await Promise.all([readReservationDraft(), loadAppData()]);
  const car = draft ? fleet.cars.find((candidate) => candidate.id === draft.carId) : undefined;
  return (
    <div className="space-y-6">
      <ReservationSteps current="stepDetails" />
      <h1 className="text-3xl font-bold text-slate-900">{t('title')}</h1>
      {draft && car ? (
        <p className="text-slate-800" data-testid="draft-summary">
          {t('draftSummary', { car: `${car.make} ${car.model}`, pickup: draft.pickupAt, return: draft.returnAt })}
        </p>
      ) : null}
    </div>
  );
}
