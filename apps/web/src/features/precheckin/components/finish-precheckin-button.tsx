'use client';

import { useTranslations } from 'next-intl';
import { ActionButton } from '@/shared/forms';
import { finishPrecheckin } from '../precheckin-actions';

/** Nothing left to pay: completes the pre-check-in (the server checks again that nothing is due). */
export function FinishPrecheckinButton({ locale }: { locale: string }) {
  const t = useTranslations('precheckin.checkout');
  return (
    <ActionButton action={() => finishPrecheckin(locale)} testId="finish-precheckin">
      {t('finish')}
    </ActionButton>
  );
}
