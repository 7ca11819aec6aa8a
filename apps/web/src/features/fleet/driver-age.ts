import type { createTranslator, Messages } from 'next-intl';
import { formatMoney } from '@rentacar/domain/money';
import { defaultDriverAgeBand, driverAgeBands, type DriverAgeBand } from '@rentacar/domain/quote';
import type { Locale } from '@/i18n/routing';
import type { SiteConfig } from '@/content';

/** One answer to the search's "driver's age" question: `value` is the band's lowest age (the search's `driver_age`). */
export type DriverAgeOption = { value: string; label: string };

type FleetSearchTranslator = ReturnType<typeof createTranslator<Messages, 'fleetSearch'>>;

/** "21 a 22 años", "25 años o más". */
export function driverAgeBandLabel(band: Pick<DriverAgeBand, 'minAge' | 'maxAge'>, ts: FleetSearchTranslator): string {
  return band.maxAge === null ? ts('ageBandFrom', { min: band.minAge }) : ts('ageBandRange', { min: band.minAge, max: band.maxAge });
}

/**
 * The search's driver's age choices (domain `driverAgeBands`: the brand's young-driver bands as they are, then the
 * ages without a fee), each naming its fee, and the one chosen by default (the first without a fee). Empty when the
 * brand charges no fee by age: the question is then not asked.
 */
export function driverAgeOptions(
  site: Pick<SiteConfig, 'youngDriverFees' | 'minimumRenterAge'>,
  ts: FleetSearchTranslator,
  locale: Locale,
): { options: DriverAgeOption[]; defaultValue: string } {
  const bands = driverAgeBands(site.youngDriverFees, site.minimumRenterAge);
  if (bands.every((band) => band.fee === null)) return { options: [], defaultValue: '' };
  // A fee band after the ages without one is for older drivers, and says so.
  const firstWithoutFee = bands.findIndex((band) => band.fee === null);
  const options = bands.map((band, index) => {
    const label = driverAgeBandLabel(band, ts);
    if (!band.fee) return { value: String(band.minAge), label };
    const price = formatMoney(band.fee.dailyRate, locale);
    return { value: String(band.minAge), label: index > firstWithoutFee ? ts('ageBandSeniorFee', { band: label, price }) : ts('ageBandFee', { band: label, price }) };
  });
  return { options, defaultValue: String(defaultDriverAgeBand(bands)?.minAge ?? '') };
}
