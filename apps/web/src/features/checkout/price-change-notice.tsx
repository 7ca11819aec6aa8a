import { useTranslations } from 'next-intl';
import { formatMoney, type Cents, type MoneyLocale } from '@rentacar/domain/money';

/**
 * The checkout's notice that the total moved: the price hold ended and the rates of the moment (season, length
 * discount, demand) price the booking otherwise. Shown above the way to pay, before the renter confirms the new total.
 */
export function PriceChangeNotice({ before, after, locale }: { before: Cents; after: Cents; locale: MoneyLocale }) {
  const t = useTranslations('booking.checkout');
  return (
    <p role="alert" data-testid="price-change-notice" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {t('priceChanged', { before: formatMoney(before, locale), after: formatMoney(after, locale) })}
    </p>
  );
}
