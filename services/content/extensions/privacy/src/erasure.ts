// Carrying out an erasure staff approved (docs/privacy.md, "Erasure"): refused while a reservation of that e-mail is
// still open in the rental lifecycle (booked and not picked up, or its car out); otherwise the personal fields of its reservations, pre-check-ins, leads and applications are blanked
// (the domain's PERSONAL_FIELDS), their scans and CVs deleted (rows and bytes, through FilesService), and the drafts
// that hold the address deleted. Totals, payments and invoice data stay for the tax period.
import { erasureBlocker, erasurePlan, type ErasableCollection } from '@rentacar/domain/privacy';
import type { SchemaOverview } from '@directus/types';
import type { Knex } from '../../shared/directus';
import type { Services } from './retention';
import { readSubjectData } from './subject-data';

export type ErasureOutcome =
  | { refused: string }
  | { done: { anonymised: Record<ErasableCollection, (number | string)[]>; files_deleted: number; drafts_deleted: (number | string)[] } };

export async function eraseSubject(context: { services: Services; database: Knex; schema: SchemaOverview }, email: string): Promise<ErasureOutcome> {
  const { services, database, schema } = context;
  const { records } = await readSubjectData(context, email);
  const blocker = erasureBlocker(records.reservations.map((row) => ({
    number: String(row.reservation_number ?? row.id),
    status: typeof row.status === 'string' ? row.status : null,
    rentalStatus: row.rental_status,
  })));
  if (blocker) return { refused: blocker };

  const items = (collection: string) => new services.ItemsService(collection, { knex: database, schema });
  const anonymised: Record<ErasableCollection, (number | string)[]> = { reservations: [], precheckins: [], corporate_leads: [], job_applications: [] };
  const files: string[] = [];
  const collections: ErasableCollection[] = ['reservations', 'precheckins', 'corporate_leads', 'job_applications'];
  for (const collection of collections) {
    for (const row of records[collection]) {
      const plan = erasurePlan(collection, row);
      await items(collection).updateOne(row.id as number, plan.patch);
      anonymised[collection].push(row.id as number);
      files.push(...plan.files);
    }
  }
  if (files.length) await new services.FilesService({ knex: database, schema }).deleteMany(files);
  const drafts = records.reservation_drafts.map((row) => row.id as string);
  if (drafts.length) await items('reservation_drafts').deleteMany(drafts);
  return { done: { anonymised, files_deleted: files.length, drafts_deleted: drafts } };
}
