import 'server-only';
import { customEndpoint } from '@directus/sdk';
import { z } from 'zod';
import { formatPanamaDateTime } from '@rentacar/domain/dates';
import { PRECHECKIN_STATUSES, type AdditionalDriver, type PrecheckinStatus } from '@rentacar/domain/precheckin';
import { CONTENT_LANGUAGE, LOCALES, type Locale } from '@/i18n/routing';
import { contentRecordRequest, contentRequest, endpointData } from './client';

/**
 * The `precheckins` collection, reshaped: the only code that knows its field names. One row per reservation, read and
 * written through the content service's /booking/reservations/:ref/precheckin (the storefront's token has no right on
 * pre-check-ins at /items); the scans are files in the content service's private folder, named here by id only.
 */

export type PrecheckinDetails = {
  licenseNumber: string;
  licenseCountry: string;
  licenseExpiry: string;
  idDocument: string;
  licenseFileId: string;
  idFileId: string;
  flightNumber: string;
  additionalDrivers: AdditionalDriver[];
  termsAcceptedName: string;
  /** Panama local time, `YYYY-MM-DDTHH:mm`. */
  termsAcceptedAt: string;
};

export type PrecheckinPreferences = { email: string | undefined; phone: string | undefined; language: Locale | undefined };

export type Precheckin = {
  id: string;
  reservationId: string;
  status: PrecheckinStatus;
  preferences: PrecheckinPreferences;
  /** Undefined until the verification form was sent. */
  details: PrecheckinDetails | undefined;
};

const fileId = z.union([z.string(), z.object({ id: z.string() })]).nullish().transform((value) => (value == null ? undefined : typeof value === 'string' ? value : value.id));
const text = z.string().nullish().transform((value) => value ?? '');

const driverSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  birthday: z.string(),
  license_number: z.string(),
  license_country: z.string(),
  license_expiry: z.string(),
});

const rowSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  reservation: z.union([z.number(), z.string(), z.object({ id: z.union([z.number(), z.string()]) })]).transform((value) => String(typeof value === 'object' ? value.id : value)),
  status: z.enum(PRECHECKIN_STATUSES).catch('pending'),
  preferred_language: z.string().nullish(),
  contact_email: z.string().nullish(),
  contact_phone: z.string().nullish(),
  flight_number: text,
  license_number: text,
  license_country: text,
  license_expiry: text,
  id_document: text,
  license_file: fileId,
  id_file: fileId,
  additional_drivers: z.array(driverSchema).nullish().catch(null),
  terms_accepted_name: text,
  terms_accepted_at: z.string().nullish(),
});

function localeOf(language: string | null | undefined): Locale | undefined {
  return LOCALES.find((locale) => CONTENT_LANGUAGE[locale] === language || locale === language);
}

function reshape(row: unknown): Precheckin {
  const raw = rowSchema.parse(row);
  const { license_file: licenseFileId, id_file: idFileId, terms_accepted_at: acceptedAt } = raw;
  // Details count once the form was sent whole: both scans and the accepted terms.
  const details: PrecheckinDetails | undefined =
    licenseFileId && idFileId && acceptedAt && raw.terms_accepted_name
      ? {
          licenseNumber: raw.license_number,
          licenseCountry: raw.license_country,
          licenseExpiry: raw.license_expiry.slice(0, 10),
          idDocument: raw.id_document,
          licenseFileId,
          idFileId,
          flightNumber: raw.flight_number,
          additionalDrivers: (raw.additional_drivers ?? []).map((driver) => ({
            firstName: driver.first_name,
            lastName: driver.last_name,
            birthday: driver.birthday.slice(0, 10),
            licenseNumber: driver.license_number,
            licenseCountry: driver.license_country,
            licenseExpiry: driver.license_expiry.slice(0, 10),
          })),
          termsAcceptedName: raw.terms_accepted_name,
          termsAcceptedAt: acceptedAt.replace(' ', 'T').slice(0, 16),
        }
      : undefined;
  return {
    id: raw.id,
    reservationId: raw.reservation,
    status: raw.status,
    preferences: { email: raw.contact_email ?? undefined, phone: raw.contact_phone ?? undefined, language: localeOf(raw.preferred_language) },
    details,
  };
}

const precheckinPath = (reservationId: string) => `/booking/reservations/${encodeURIComponent(reservationId)}/precheckin`;

/** The pre-check-in of the reservation with this id (its reference), or undefined before the renter started one. */
export async function readPrecheckin(reservationId: string): Promise<Precheckin | undefined> {
  const body = await contentRecordRequest('GET /booking/reservations/:ref/precheckin', customEndpoint<unknown>({ path: precheckinPath(reservationId), method: 'GET' }));
  return body === undefined ? undefined : reshape(endpointData(body));
}

type Row = Record<string, unknown>;

function detailsRow(details: Omit<PrecheckinDetails, 'termsAcceptedAt'>, acceptedAt: Date): Row {
  return {
    license_number: details.licenseNumber,
    license_country: details.licenseCountry,
    license_expiry: details.licenseExpiry,
    id_document: details.idDocument,
    license_file: details.licenseFileId,
    id_file: details.idFileId,
    flight_number: details.flightNumber || null,
    additional_drivers: details.additionalDrivers.map((driver) => ({
      first_name: driver.firstName,
      last_name: driver.lastName,
      birthday: driver.birthday,
      license_number: driver.licenseNumber,
      license_country: driver.licenseCountry,
      license_expiry: driver.licenseExpiry,
    })),
    terms_accepted_name: details.termsAcceptedName,
    // The content service keeps Panama wall-clock time, like the reservations' dates.
    terms_accepted_at: `${formatPanamaDateTime(acceptedAt)}:00`,
  };
}

function preferencesRow(preferences: PrecheckinPreferences): Row {
  return {
    contact_email: preferences.email ?? null,
    contact_phone: preferences.phone ?? null,
    preferred_language: preferences.language ? CONTENT_LANGUAGE[preferences.language] : null,
  };
}

/** Writes the reservation's pre-check-in: the content service updates it when it exists, else creates it, in one transaction. */
async function upsert(reservationId: string, row: Row): Promise<Precheckin> {
  const body = await contentRequest(
    'PUT /booking/reservations/:ref/precheckin',
    customEndpoint<unknown>({ path: precheckinPath(reservationId), method: 'PUT', body: JSON.stringify(row) }),
  );
  return reshape(endpointData(body));
}

/** Saves the verification form (the terms accepted now); the status stays as it is. */
export function saveDetails(reservationId: string, details: Omit<PrecheckinDetails, 'termsAcceptedAt'>, now: Date = new Date()): Promise<Precheckin> {
  return upsert(reservationId, detailsRow(details, now));
}

export function savePreferences(reservationId: string, preferences: PrecheckinPreferences): Promise<Precheckin> {
  return upsert(reservationId, preferencesRow(preferences));
}

/** Moves the pre-check-in to `status` (paid once nothing is due, cancelled with its reservation). */
export async function setPrecheckinStatus(precheckin: Precheckin, status: PrecheckinStatus): Promise<Precheckin> {
  if (precheckin.status === status) return precheckin;
  return upsert(precheckin.reservationId, { status });
}
