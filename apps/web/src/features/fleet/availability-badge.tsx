import { getTranslations } from 'next-intl/server';
import type { DatedAvailability } from '@rentacar/domain/fleet';

const STYLES: Record<DatedAvailability, string> = {
  available: 'bg-emerald-100 text-emerald-900',
  lowAvailability: 'bg-amber-100 text-amber-900',
  unavailable: 'bg-slate-200 text-slate-800',
  promo: 'bg-fuchsia-100 text-fuchsia-900',
  soldOut: 'bg-slate-200 text-slate-800',
};

/** The car's availability: the staff's status, or for given dates the stock's (`soldOut`). */
export async function AvailabilityBadge({ status }: { status: DatedAvailability }) {
  const t = await getTranslations('fleet.status');
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ${STYLES[status]}`} data-status={status}>
      {t(status)}
    </span>
  );
}
