import 'server-only';
import { getTranslations } from 'next-intl/server';
import { formatPanamaDate } from '@rentacar/domain/dates';
import type { Locale } from '@/i18n/routing';
import type { Branch, Car, SiteConfig } from '@/content';
import { formatContentDate } from '@/i18n';
import type { LocationFormProps, LocationValues, StepBranch } from './steps/location-step';

/**
 * What the dates-and-branches form needs from the content: the flow's first step and manage booking's change alike.
 * Its hints that carry a value are formatted here, and today's date is read here: the browser's first Intl call loads
 * its locale data (tens of milliseconds on a phone), which would otherwise fall inside the form's hydration. Both
 * pages are rendered per request, so the date is the day the renter opened the page; the form's own check on submit
 * reads the live clock.
 */
export async function locationFormProps(
  site: Pick<SiteConfig, 'reservationMinDays' | 'reservationMaxDays' | 'sameDayNoticeHours' | 'disableReservationsUntil'>,
  car: Pick<Car, 'minimumDays'> | undefined,
  branches: readonly Pick<Branch, 'id' | 'name' | 'openingHours'>[],
  locale: Locale,
  initial: LocationValues,
): Promise<LocationFormProps> {
  const t = await getTranslations({ locale, namespace: 'booking.location' });
  const today = formatPanamaDate(new Date());
  const closedUntil = site.disableReservationsUntil;
  const minimumDays = car?.minimumDays ?? site.reservationMinDays;
  return {
    branches: branches.map((branch): StepBranch => ({ id: branch.id, name: branch.name, openingHours: branch.openingHours })),
    initial,
    today,
    minimumDays,
    maximumDays: site.reservationMaxDays,
    minimumDaysHint: t('minimumDays', { days: minimumDays }),
    sameDayNoticeHours: site.sameDayNoticeHours,
    sameDayWarning: t('sameDayWarning', { hours: site.sameDayNoticeHours }),
    disableReservationsUntil: closedUntil,
    disabledUntilNote: closedUntil && closedUntil > today ? t('disabledUntil', { date: formatContentDate(closedUntil, locale) }) : undefined,
  };
}
