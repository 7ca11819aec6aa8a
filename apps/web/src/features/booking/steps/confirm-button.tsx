'use client';

import { useTranslations } from 'next-intl';
import { ActionButton } from '@/features/forms';
import { confirmReservation } from '../booking-actions';

/** Confirms the reservation; a double click books once (the server keeps one idempotency key per draft). */
export function ConfirmButton({ locale }: { locale: string }) {
  const t = useTranslations('booking.checkout');
  return (
    <ActionButton action={() => confirmReservation(locale)} pendingLabel={t('confirming')} className="w-full">
      {t('confirm')}
    </ActionButton>
  );
}
