import 'server-only';
import { formatPanamaDate } from '@rentacar/domain/dates';
import type { Locale } from '@/i18n/routing';
import type { Branch } from '@/features/branches/branches-data';
import type { SiteConfig } from '@/features/content/site-config';
import type { Car } from '@/features/fleet/fleet-data';
import { formatContentDate } from '@/features/i18n/format-date';
import type { LocationValues, StepBranch } from './steps/location-step';

/** What the dates-and-branches form needs from the content: the flow's first step and manage booking's change alike. */
export function locationFormProps(site: SiteConfig, car: Car | undefined, branches: readonly Branch[], locale: Locale, initial: LocationValues) {
  const closedUntil = site.disableReservationsUntil;
  return {
    branches: branches.map((branch): StepBranch => ({ id: branch.id, name: branch.name, openingHours: branch.openingHours })),
    initial,
    minimumDays: car?.minimumDays ?? site.reservationMinDays,
    sameDayNoticeHours: site.sameDayNoticeHours,
    disableReservationsUntil: closedUntil,
    disabledUntilText: closedUntil && closedUntil > formatPanamaDate(new Date()) ? formatContentDate(closedUntil, locale) : undefined,
  };
}
