import { useTranslations } from 'next-intl';
import { formatMoney, type Cents, type MoneyLocale } from '@rentacar/domain/money';

/**
 * The checkout's notice that the renter's birthday put them in another driver's age band than the search asked, so
 * the young-driver fee (and the total shown beside it) changed: told before they pay, never found on the bill.
 */
export function AgeBandNotice({ change, locale }: { change: { age: number; before: Cents; after: Cents }; locale: MoneyLocale }) {
  const t = useTranslations('fleetSearch');
  return (
    <p role="alert" data-testid="age-band-notice" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {t('ageBandChanged', { age: change.age, before: formatMoney(change.before, locale), after: formatMoney(change.after, locale) })}
    </p>
  );
}
