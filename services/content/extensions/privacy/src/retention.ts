// The retention job (docs/privacy.md, "How long"): reads every brand's periods from sites_config and the records that
// can expire, asks the domain's rule which are due at `now`, and removes them: the scans of a pre-check-in (the files,
// rows and bytes, through Directus' FilesService, and the links), job applications with their CVs, reservation drafts
// and corporate leads. Every run writes one row per kind in `retention_runs` (0 removed included) and logs what went.
import {
  dueForRemoval, RETENTION_KINDS, retentionSettings, strictestRetention, fileIdOf,
  type RetentionDue, type RetentionKind, type RetentionSettings, type ScanRental,
} from '@rentacar/domain/privacy';
import type { ApiExtensionContext, Filter, SchemaOverview } from '@directus/types';
import type { Knex, Logger } from '../../shared/directus';

export type Services = ApiExtensionContext['services'];

/** Limits a run to these records (ids per collection): a run by staff or a test on records of its own. */
export interface RetentionScope {
  precheckins?: (number | string)[];
  job_applications?: (number | string)[];
  reservation_drafts?: (number | string)[];
  corporate_leads?: (number | string)[];
}

export interface RetentionRunOptions {
  services: Services;
  database: Knex;
  schema: SchemaOverview;
  logger: Logger;
  now: Date;
  trigger: 'schedule' | 'manual';
  only?: RetentionScope;
}

const COLLECTION_OF: Record<RetentionKind, keyof RetentionScope> = {
  scans: 'precheckins', cvs: 'job_applications', drafts: 'reservation_drafts', leads: 'corporate_leads',
};

type Row = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** What the scans' rule reads of a pre-check-in's reservation (its rental lifecycle). */
const SCAN_RESERVATION_FIELDS = ['brand', 'status', 'rental_status', 'returned_at', 'no_show_at', 'cancelled_at', 'return_date'] as const;

function scanRental(value: unknown): ScanRental | null {
  if (value === null || typeof value !== 'object') return null;
  const row = value as Row;
  return {
    status: text(row.status), rentalStatus: row.rental_status, returnedAt: text(row.returned_at), noShowAt: text(row.no_show_at),
    cancelledAt: text(row.cancelled_at), returnDate: text(row.return_date),
  };
}

/** The brands' periods: a lookup by brand, and the strictest for records of no brand. */
async function readSettings(database: Knex): Promise<(brand: string | null) => RetentionSettings> {
  const rows: Row[] = await database('sites_config').select('brand', 'retention_scan_days', 'retention_cv_days', 'retention_draft_days', 'retention_lead_days');
  const byBrand = new Map<string, RetentionSettings>(rows.map((row) => [String(row.brand), retentionSettings({
    scanDays: row.retention_scan_days, cvDays: row.retention_cv_days, draftDays: row.retention_draft_days, leadDays: row.retention_lead_days,
  })]));
  const strictest = strictestRetention([...byBrand.values()]);
  return (brand) => (brand !== null && byBrand.get(brand)) || strictest;
}

export async function runRetention({ services, database, schema, logger, now, trigger, only }: RetentionRunOptions): Promise<RetentionDue> {
  const { ItemsService, FilesService } = services;
  const items = (collection: string) => new ItemsService(collection, { knex: database, schema });
  const scoped = (collection: keyof RetentionScope, filter: Filter | null): Filter | null => {
    if (!only) return filter;
    const ids = only[collection];
    const inScope: Filter = { id: { _in: ids && ids.length ? ids : [-1] } };
    return filter ? { _and: [filter, inScope] } : inScope;
  };
  const read = async (collection: keyof RetentionScope, fields: string[], filter: Filter | null = null) => {
    const where = scoped(collection, filter);
    return (await items(collection).readByQuery({ ...(where ? { filter: where } : {}), fields, limit: -1 })) as Row[];
  };

  const settingsOf = await readSettings(database);
  const [precheckins, applications, drafts, leads] = await Promise.all([
    read('precheckins', ['id', 'license_file', 'id_file', 'date_created', ...SCAN_RESERVATION_FIELDS.map((field) => `reservation.${field}`)],
      { _or: [{ license_file: { _nnull: true } }, { id_file: { _nnull: true } }] }),
    read('job_applications', ['id', 'cv', 'date_created', 'job.closing_on']),
    read('reservation_drafts', ['id', 'expires_at', 'date_created']),
    read('corporate_leads', ['id', 'brand', 'date_created']),
  ]);
  const nested = (row: Row, field: string): Row => (row[field] !== null && typeof row[field] === 'object' ? row[field] as Row : {});

  const due = dueForRemoval({
    scans: precheckins.map((row) => ({ id: row.id as number, brand: text(nested(row, 'reservation').brand), rental: scanRental(row.reservation), createdAt: text(row.date_created) })),
    cvs: applications.map((row) => ({ id: row.id as number, closingOn: text(nested(row, 'job').closing_on), createdAt: text(row.date_created) })),
    drafts: drafts.map((row) => ({ id: row.id as string, expiresAt: text(row.expires_at), createdAt: text(row.date_created) })),
    leads: leads.map((row) => ({ id: row.id as number, brand: text(row.brand), createdAt: text(row.date_created) })),
  }, settingsOf, now);

  const files = new FilesService({ knex: database, schema });
  if (due.scans.length) {
    const dueRows = precheckins.filter((row) => due.scans.includes(row.id as number));
    const fileIds = dueRows.flatMap((row) => [fileIdOf(row.license_file), fileIdOf(row.id_file)]).filter((id): id is string => id !== null);
    await items('precheckins').updateMany(due.scans, { license_file: null, id_file: null });
    if (fileIds.length) await files.deleteMany(fileIds);
  }
  if (due.cvs.length) {
    const fileIds = applications.filter((row) => due.cvs.includes(row.id as number)).map((row) => fileIdOf(row.cv)).filter((id): id is string => id !== null);
    await items('job_applications').deleteMany(due.cvs);
    if (fileIds.length) await files.deleteMany(fileIds);
  }
  if (due.drafts.length) await items('reservation_drafts').deleteMany(due.drafts);
  if (due.leads.length) await items('corporate_leads').deleteMany(due.leads);

  // One row per kind on every run, 0 removed included: staff can show that the job ran (Law 81's accountability).
  const log = items('retention_runs');
  for (const kind of RETENTION_KINDS) {
    const ids = due[kind];
    if (ids.length) logger.info(`privacy: retention removed ${ids.length} ${kind} (${COLLECTION_OF[kind]} ${ids.join(', ')}) as of ${now.toISOString()}`);
    await log.createOne({ kind, removed_count: ids.length, removed_ids: ids, as_of: now.toISOString(), trigger });
  }
  return due;
}
