import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import type { Brand } from '@rentacar/domain/brands';
import { DEFAULT_SAME_DAY_NOTICE_HOURS } from '@rentacar/domain/dates';
import { DEFAULT_MINIMUM_DAYS } from '@rentacar/domain/fleet';
import { parsePercent } from '@rentacar/domain/money';
import { DEFAULT_CANCELLATION_RULE, DEFAULT_REFUND_BUSINESS_DAYS, type CancellationRule } from '@rentacar/domain/payments';
import { DEFAULT_ERA_DAILY_RATE, DEFAULT_TAX_RATE_PERCENT, type YoungDriverBand } from '@rentacar/domain/quote';
import { DEFAULT_DEMAND_CAP_PERCENT, type DemandSettings } from '@rentacar/domain/rates';
import { MAXIMUM_RENTAL_DAYS } from '@rentacar/domain/rental-days';
import { DEFAULT_MINIMUM_RENTER_AGE } from '@rentacar/domain/validation';
import { assetUrl, contentRequest } from './client';
import { cachedContentRead } from './cache';
import { fileField, localize, optionalText, translationRow, type Localized } from './fields';

const ctaSchema = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string().optional(),
  link: z.string(),
  sort: z.number().nullish(),
  translations: z
    .array(
      translationRow({
        title: optionalText,
        description: optionalText,
        button_text: optionalText,
        cta_image: fileField,
      }),
    )
    .nullish(),
});

const siteConfigSchema = z.object({
  brand: z.string(),
  site_name: z.string(),
  brand_logo: fileField,
  brand_logo_inverse: fileField,
  primary_color: z.string().nullish(),
  secondary_color: z.string().nullish(),
  reservation_min_days: z.number().int().positive().nullish(),
  reservation_max_days: z.number().int().positive().nullish(),
  reservation_holds_per_client: z.number().int().positive().nullish(),
  reservation_background_color: z.string().nullish(),
  payment_gateway: z.string().nullish(),
  cancellation_full_refund_hours: z.number().int().nonnegative().nullish(),
  cancellation_late_fee_days: z.number().int().min(0).max(30).nullish(),
  refund_business_days: z.number().int().min(1).max(60).nullish(),
  disable_reservations_until: z.string().nullish(),
  precheckin_enabled: z.boolean().nullish(),
  tag_manager_id: z.string().nullish(),
  assistance_phone: z.string().nullish(),
  assistance_whatsapp: z.string().nullish(),
  assistance_email: z.string().nullish(),
  era_daily_rate: z.number().int().nonnegative().nullish(),
  tax_rate_percent: z.union([z.number(), z.string()]).nullish(),
  same_day_notice_hours: z.number().int().nonnegative().nullish(),
  minimum_renter_age: z.number().int().positive().nullish(),
  // A malformed list means no young-driver fee rather than a broken site: staff see it in the admin.
  young_driver_fees: z
    .array(
      z.object({
        min_age: z.number().int().nonnegative(),
        max_age: z.number().int().nonnegative(),
        daily_rate: z.number().int().nonnegative(),
        max_per_rental: z.number().int().nonnegative().nullish(),
      }),
    )
    .nullish()
    .catch(null),
  demand_pricing_enabled: z.boolean().nullish(),
  // A malformed list means no demand step rather than a broken site (or a price from a misread step).
  demand_thresholds: z
    .array(z.object({ from_percent: z.number().min(0).max(100), percent: z.number().min(0).max(100) }))
    .nullish()
    .catch(null),
  demand_cap_percent: z.number().min(0).max(100).nullish(),
  cars: z.array(z.object({ clasificacion: z.string().nullish() })).nullish(),
  ctas: z.array(z.object({ sort: z.number().nullish(), cta_id: ctaSchema.nullish() })).nullish(),
  translations: z
    .array(
      translationRow({
        tagline: optionalText,
        hero_title: optionalText,
        hero_subtitle: optionalText,
        description: optionalText,
        seo_description: optionalText,
        // A malformed list names no provider rather than breaking the site: the login page falls back to the id.
        login_providers: z.array(z.object({ provider: z.string(), label: z.string() })).nullish().catch(null),
      }),
    )
    .nullish(),
});

export type CallToAction = {
  id: string;
  link: string;
  text: Localized<{ title: string; description: string; buttonText: string; imageUrl: string | undefined }>;
};

export type SiteText = { tagline: string; heroTitle: string; heroSubtitle: string; description: string; seoDescription: string };

export type SiteConfig = {
  brand: Brand;
  siteName: string;
  logoUrl: string | undefined;
  logoInverseUrl: string | undefined;
  colors: { primary: string; secondary: string };
  reservationMinDays: number;
  /** The longest rental booked online (`reservation_max_days`). */
  reservationMaxDays: number;
  /** Reservations one client address may make online in 24 hours (`reservation_holds_per_client`). */
  reservationHoldsPerClient: number;
  reservationBackgroundColor: string;
  paymentGateway: string;
  /** What a cancelled prepaid reservation gets back. */
  cancellationRule: CancellationRule;
  /** The most business days a refund takes to arrive (`refund_business_days`): the one number every text states. */
  refundBusinessDays: number;
  disableReservationsUntil: string | undefined;
  precheckinEnabled: boolean;
  tagManagerId: string | undefined;
  assistance: { phone: string | undefined; whatsapp: string | undefined; email: string | undefined };
  eraDailyRate: number;
  taxRatePercent: number;
  sameDayNoticeHours: number;
  minimumRenterAge: number;
  youngDriverFees: YoungDriverBand[];
  /** Demand-aware prices: off unless staff turn them on for the brand. */
  demand: DemandSettings;
  allowedClasses: string[];
  ctas: CallToAction[];
  text: Localized<SiteText>;
  /** How the login page names each single sign-on provider, by its id (`oidc`), in each language. */
  loginProviderLabels: Localized<Readonly<Record<string, string>>>;
};

/** Reservations one client address may make in 24 hours when the site config sets none (the schema's default). */
export const DEFAULT_HOLDS_PER_CLIENT = 10;

const EMPTY_TEXT: SiteText = { tagline: '', heroTitle: '', heroSubtitle: '', description: '', seoDescription: '' };

function reshapeCta(raw: z.infer<typeof ctaSchema>): CallToAction {
  return {
    id: String(raw.id),
    link: raw.link,
    text: localize(
      raw.translations,
      (row) => ({ title: row.title, description: row.description, buttonText: row.button_text, imageUrl: assetUrl(row.cta_image) }),
      { title: '', description: '', buttonText: '', imageUrl: undefined },
    ),
  };
}

function reshapeSiteConfig(raw: z.infer<typeof siteConfigSchema>, brand: Brand): SiteConfig {
  const ctas = (raw.ctas ?? [])
    .filter((link) => link.cta_id && (link.cta_id.status === undefined || link.cta_id.status === 'published'))
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .flatMap((link) => (link.cta_id ? [reshapeCta(link.cta_id)] : []));
  return {
    brand,
    siteName: raw.site_name,
    logoUrl: assetUrl(raw.brand_logo),
    logoInverseUrl: assetUrl(raw.brand_logo_inverse ?? raw.brand_logo),
    colors: {
      primary: raw.primary_color ?? '#1d4ed8',
      secondary: raw.secondary_color ?? '#0f172a',
    },
    reservationMinDays: raw.reservation_min_days ?? DEFAULT_MINIMUM_DAYS,
    reservationMaxDays: raw.reservation_max_days ?? MAXIMUM_RENTAL_DAYS,
    reservationHoldsPerClient: raw.reservation_holds_per_client ?? DEFAULT_HOLDS_PER_CLIENT,
    reservationBackgroundColor: raw.reservation_background_color ?? '#ffffff',
    paymentGateway: raw.payment_gateway ?? 'metrobank',
    cancellationRule: {
      fullRefundHours: raw.cancellation_full_refund_hours ?? DEFAULT_CANCELLATION_RULE.fullRefundHours,
      lateFeeDays: raw.cancellation_late_fee_days ?? DEFAULT_CANCELLATION_RULE.lateFeeDays,
    },
    refundBusinessDays: raw.refund_business_days ?? DEFAULT_REFUND_BUSINESS_DAYS,
    disableReservationsUntil: raw.disable_reservations_until ?? undefined,
    precheckinEnabled: raw.precheckin_enabled ?? false,
    tagManagerId: raw.tag_manager_id?.trim() || undefined,
    assistance: {
      phone: raw.assistance_phone ?? undefined,
      whatsapp: raw.assistance_whatsapp ?? undefined,
      email: raw.assistance_email ?? undefined,
    },
    eraDailyRate: raw.era_daily_rate ?? DEFAULT_ERA_DAILY_RATE,
    taxRatePercent: parsePercent(raw.tax_rate_percent) ?? DEFAULT_TAX_RATE_PERCENT,
    sameDayNoticeHours: raw.same_day_notice_hours ?? DEFAULT_SAME_DAY_NOTICE_HOURS,
    minimumRenterAge: raw.minimum_renter_age ?? DEFAULT_MINIMUM_RENTER_AGE,
    youngDriverFees: (raw.young_driver_fees ?? []).map((band) => ({
      minAge: band.min_age,
      maxAge: band.max_age,
      dailyRate: band.daily_rate,
      maxPerRental: band.max_per_rental ?? null,
    })),
    demand: {
      enabled: raw.demand_pricing_enabled === true,
      thresholds: (raw.demand_thresholds ?? []).map((step) => ({ fromPercent: step.from_percent, percent: step.percent })),
      capPercent: raw.demand_cap_percent ?? DEFAULT_DEMAND_CAP_PERCENT,
    },
    allowedClasses: (raw.cars ?? []).flatMap((car) => (car.clasificacion ? [car.clasificacion] : [])),
    ctas,
    text: localize(
      raw.translations,
      (row) => ({
        tagline: row.tagline,
        heroTitle: row.hero_title,
        heroSubtitle: row.hero_subtitle,
        description: row.description,
        seoDescription: row.seo_description,
      }),
      EMPTY_TEXT,
    ),
    loginProviderLabels: localize(
      raw.translations,
      (row) => Object.fromEntries((row.login_providers ?? []).filter((entry) => entry.label.trim()).map((entry) => [entry.provider.trim().toLowerCase(), entry.label.trim()])),
      {},
    ),
  };
}

const SITE_CONFIG_FIELDS = [
  '*',
  'translations.*',
  'cars.clasificacion',
  'ctas.sort',
  'ctas.cta_id.id',
  'ctas.cta_id.status',
  'ctas.cta_id.link',
  'ctas.cta_id.sort',
  'ctas.cta_id.translations.*',
];

async function fetchSiteConfig(brand: Brand): Promise<SiteConfig> {
  const rows = await contentRequest(
    `GET /items/sites_config (brand ${brand})`,
    readItems('sites_config', { filter: { brand: { _eq: brand } }, fields: SITE_CONFIG_FIELDS, limit: 1 }),
  );
  const first = rows[0];
  if (!first) throw new Error(`no site config for brand "${brand}" in the content service`);
  return reshapeSiteConfig(siteConfigSchema.parse(first), brand);
}

export type BrandSummary = { brand: string; siteName: string; logoUrl: string | undefined; description: Localized<string> };

async function fetchBrandSummaries(): Promise<BrandSummary[]> {
  const rows = await contentRequest(
    'GET /items/sites_config (all brands)',
    readItems('sites_config', { fields: ['brand', 'site_name', 'brand_logo', 'translations.languages_code', 'translations.description'], sort: ['brand'], limit: 10 }),
  );
  const schema = z.object({
    brand: z.string(),
    site_name: z.string(),
    brand_logo: fileField,
    translations: z.array(translationRow({ description: optionalText })).nullish(),
  });
  return rows.map((row) => {
    const parsed = schema.parse(row);
    return {
      brand: parsed.brand,
      siteName: parsed.site_name,
      logoUrl: assetUrl(parsed.brand_logo),
      description: localize(parsed.translations, (translation) => translation.description, ''),
    };
  });
}

// The key names the cached shape: 'site-config-login-labels' since the refund delay and the login labels joined it.
const cachedSiteConfig = cachedContentRead(fetchSiteConfig, 'siteConfig', 'site-config-login-labels');
const cachedBrandSummaries = cachedContentRead(fetchBrandSummaries, 'brandSummaries', 'brand-summaries');

/** The deployment brand's site config; any failure is fatal for the page ('[Site Config Error] ...', status 500). */
export async function getSiteConfig(brand: Brand): Promise<SiteConfig> {
  try {
    return await cachedSiteConfig(brand);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SiteConfigError(`[Site Config Error] ${reason}`);
  }
}

export class SiteConfigError extends Error {
  readonly statusCode = 500;
  constructor(message: string) {
    super(message);
    this.name = 'SiteConfigError';
  }
}

/** The four brands' names and descriptions, for the footer. */
export async function getBrandSummaries(): Promise<BrandSummary[]> {
  return cachedBrandSummaries();
}
