import 'server-only';
import { getTranslations } from 'next-intl/server';
import { hoursOnDate } from '@/features/branches';
import type { ReservationSummary } from '@/features/reservations';
import { formatContentDate } from '@/i18n';
import { buttonClass } from '@/shared/forms';

/**
 * The thanks page's "next steps", in the confirmation e-mail's words (`nextSteps.*`): the pre-check-in while the brand
 * offers it and the renter has not done it, what to bring to the counter, and the pickup branch's hours on the pickup day.
 */
export async function NextSteps({ summary }: { summary: ReservationSummary }) {
  const t = await getTranslations('nextSteps');
  const pickupDate = summary.pickup.at.slice(0, 10);
  const hours = summary.pickupOpeningHours;
  return (
    <section aria-labelledby="next-steps-title" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5" data-testid="next-steps">
      <h2 id="next-steps-title" className="text-xl font-bold text-slate-900">
        {t('title')}
      </h2>
      {summary.precheckinUrl === undefined ? null : (
        <div className="space-y-2" data-testid="next-steps-precheckin">
          <h3 className="font-semibold text-slate-900">{t('precheckinTitle')}</h3>
          <p className="text-sm text-slate-700">{t('precheckinIntro')}</p>
          {/* The e-mail's absolute address, followed on this site by its path (the language prefix included). */}
          <a href={new URL(summary.precheckinUrl).pathname} className={buttonClass('primary')}>
            {t('precheckinLink')}
          </a>
        </div>
      )}
      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">{t('bringTitle')}</h3>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800" data-testid="next-steps-bring">
          <li>{t('bringLicence')}</li>
          <li>{t('bringId')}</li>
          <li>{t('bringCard')}</li>
        </ul>
      </div>
      {hours === undefined ? null : (
        <div className="space-y-1">
          <h3 className="font-semibold text-slate-900">{t('hoursTitle')}</h3>
          <p className="text-sm text-slate-800" data-testid="next-steps-hours">
            {t('hours', { branch: summary.pickup.branchName, date: formatContentDate(pickupDate, summary.locale), hours: hoursOnDate(hours, pickupDate, { closed: t('closed'), allDay: t('allDay') }) })}
          </p>
        </div>
      )}
    </section>
  );
}
