'use client';

import NextLink from 'next/link';
import { useTranslations } from 'next-intl';
import { Button, buttonClass } from '@/shared/forms';

/** A step's way back (a link: nothing to save) and its submit button, busy while the server saves. */
export function StepActions({ backHref, pending }: { backHref: string; pending: boolean }) {
  const t = useTranslations('booking');
  return (
    <div className="flex items-center justify-between gap-4">
      <NextLink href={backHref} className={buttonClass('secondary')}>
        {t('back')}
      </NextLink>
      <Button type="submit" pending={pending}>
        {pending ? t('saving') : t('continue')}
      </Button>
    </div>
  );
}
