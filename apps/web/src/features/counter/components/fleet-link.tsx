import { useTranslations } from 'next-intl';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { FLEET_PATH } from '../fleet-routes';

/** The counter's way to the branch's fleet board, in the header of every counter page. */
export function FleetLink({ locale }: { locale: Locale }) {
  const t = useTranslations('counterFleet');
  return (
    <p className="mt-1 text-sm">
      <a href={getPathname({ href: FLEET_PATH, locale })} className="font-semibold text-brand underline underline-offset-2 hover:no-underline" data-testid="counter-fleet-link">
        {t('link')}
      </a>
    </p>
  );
}
