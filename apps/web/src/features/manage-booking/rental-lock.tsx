import { useTranslations } from 'next-intl';
import type { RenterLock } from '@rentacar/domain/rentals';
import { RENTER_LOCK_MESSAGES } from '@/features/reservations';

/**
 * In place of the change and cancel forms once the counter has acted on the booking (the car handed over, back, or
 * the renter marked a no-show): why the renter can no longer change or cancel it, and whom to talk to.
 */
export function RentalLockNotice({ lock }: { lock: RenterLock }) {
  const t = useTranslations();
  return (
    <section aria-labelledby="rental-lock-title" className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-5" data-testid="rental-lock">
      <h2 id="rental-lock-title" className="text-xl font-bold text-slate-900">
        {t('booking.manage.lockedTitle')}
      </h2>
      <p className="text-sm text-slate-800">{t(RENTER_LOCK_MESSAGES[lock])}</p>
    </section>
  );
}
