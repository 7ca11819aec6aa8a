import { getTranslations } from 'next-intl/server';
import type { Availability } from './fleet-data';

const STYLES: Record<Availability, string> = {
  available: 'bg-emerald-100 text-emerald-900',
  lowAvailability: 'bg-amber-100 text-amber-900',
  unavailable: 'bg-slate-200 text-slate-800',
  promo: 'bg-fuchsia-100 text-fuchsia-900',
};

export async function AvailabilityBadge({ status }: { status: Availability }) {
  const t = await getTranslations('fleet.status');
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ${STYLES[status]}`} data-status={status}>
      {t(status)}
    </span>
  );
}
