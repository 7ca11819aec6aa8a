'use client';

import { useTranslations } from 'next-intl';
import { ActionButton } from '@/shared/forms';
import { confirmReservation } from '../booking-actions';

/**
 * Confirms the reservation at the total the page shows (`shownTotal`, in cents: the server books no other); a double
 * click books once (the server keeps one idempotency key per draft).
 */
export function ConfirmButton({ locale, shownTotal }: { locale: string; shownTotal: number | null }) {
  const t = useTranslations('booking.checkout');
  return (
    <ActionButton action={() => confirmReservation(locale, shownTotal)} pendingLabel={t('confirming')} className="w-full">
      {t('confirm')}
    </ActionButton>
  );
}
