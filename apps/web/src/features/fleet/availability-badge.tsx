import type { DatedAvailability } from '@rentacar/domain/fleet';

/**
 * The car's availability: the staff's status, or for given dates the stock's (`soldOut`). Its colours follow
 * `data-status` (the `.badge` rules in app/globals.css); `label` is the status in the page's language.
 */
export function AvailabilityBadge({ status, label }: { status: DatedAvailability; label: string }) {
  return (
    <span className="badge" data-status={status}>
      {label}
    </span>
  );
}
