// Everything kept about one e-mail address (docs/privacy.md): the reservations booked with it, their pre-check-ins and
// payments, the pre-check-ins that give it as contact, the corporate leads and job applications sent with it, and the
// reservation drafts that hold it. The copy a renter asks for is built from these, and an erasure works on them.
import { EXPORT_FIELDS, fileIdOf, mentionsEmail, normalizeEmail, type PersonalCollection } from '@rentacar/domain/privacy';
import type { SchemaOverview } from '@directus/types';
import type { Knex } from '../../shared/directus';
import type { Services } from './retention';

type Row = Record<string, unknown>;

export interface SubjectData {
  email: string;
  records: Record<PersonalCollection, Row[]>;
}

const ids = (rows: unknown[]) => (rows as { id: number | string }[]).map((row) => row.id);

export async function readSubjectData({ services, database, schema }: { services: Services; database: Knex; schema: SchemaOverview }, email: string): Promise<SubjectData> {
  const address = normalizeEmail(email);
  const items = (collection: string) => new services.ItemsService(collection, { knex: database, schema });
  const byIds = async (collection: string, keys: (number | string)[], fields: readonly string[]) =>
    keys.length ? ((await items(collection).readByQuery({ filter: { id: { _in: keys } }, fields: [...fields], sort: ['id'], limit: -1 })) as Row[]) : [];

  const reservationIds = ids(await database('reservations').select('id').whereRaw('lower(client_email) = ?', [address]));
  const precheckinIds = ids(await database('precheckins').select('id')
    .where((query) => {
      void query.whereRaw('lower(contact_email) = ?', [address]);
      if (reservationIds.length) void query.orWhereIn('reservation', reservationIds);
    }));
  const leadIds = ids(await database('corporate_leads').select('id').whereRaw('lower(email) = ?', [address]));
  const applicationIds = ids(await database('job_applications').select('id').whereRaw('lower(email) = ?', [address]));
  const paymentIds = reservationIds.length ? ids(await database('payments').select('id').whereIn('reservation', reservationIds)) : [];

  // The rental status decides whether an erasure may go ahead (not part of the copy).
  const reservations = await byIds('reservations', reservationIds, ['id', 'rental_status', ...EXPORT_FIELDS.reservations]);
  const precheckins = (await byIds('precheckins', precheckinIds, ['id', 'license_file', 'id_file', 'reservation.reservation_number', ...EXPORT_FIELDS.precheckins]))
    .map((row) => ({ ...row, reservation_number: (row.reservation as Row | null)?.reservation_number ?? null }));
  const payments = (await byIds('payments', paymentIds, ['id', 'reservation.reservation_number', ...EXPORT_FIELDS.payments]))
    .map((row) => ({ ...row, reservation_number: (row.reservation as Row | null)?.reservation_number ?? null }));
  const leads = await byIds('corporate_leads', leadIds, ['id', ...EXPORT_FIELDS.corporate_leads]);
  const applications = await byIds('job_applications', applicationIds, ['id', 'job', 'cv', ...EXPORT_FIELDS.job_applications]);
  // Drafts keep the booking flow's state as JSON: the few that hold the address anywhere are the renter's.
  const drafts = ((await items('reservation_drafts').readByQuery({ fields: ['id', ...EXPORT_FIELDS.reservation_drafts], limit: -1 })) as Row[])
    .filter((row) => mentionsEmail(row.data, address));

  return {
    email: address,
    records: { reservations, precheckins, payments, corporate_leads: leads, job_applications: applications, reservation_drafts: drafts },
  };
}

export const documentsOnFile = (precheckins: readonly Row[]) =>
  precheckins.map((row) => ({ license: fileIdOf(row.license_file) !== null, id: fileIdOf(row.id_file) !== null }));

export const cvOnFile = (applications: readonly Row[]) => applications.map((row) => fileIdOf(row.cv) !== null);
