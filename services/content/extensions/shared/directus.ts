// The Directus types the extensions share: the services and context handed to endpoints and hooks, and the ids of
// the access rules they enforce (schema/access.mjs, the same file the start-up reconcile applies).
import type { Accountability, ApiExtensionContext, File } from '@directus/types';
import type { Knex } from 'knex';

export { CORPORATE_RESERVATION_FIELDS, ids } from '../../schema/access.mjs';

export type ItemsServiceClass = ApiExtensionContext['services']['ItemsService'];
export type Logger = ApiExtensionContext['logger'];
export type { Accountability, Knex };

/** A row as the database answers it: column values whose type the caller checks or converts. */
export type Row = Record<string, unknown>;

/** The same caller with the endpoint's own rights: the activity log and revisions still name the caller. */
export function withEndpointRights(accountability: Accountability | null | undefined): Accountability | null {
  return accountability ? { ...accountability, admin: true } : null;
}

/** What FilesService.uploadOne stores about a new file. */
export interface FileMetadata {
  folder: string;
  type: string;
  title: string;
  filename_download: string;
  description: string | null;
  tags: string[];
}

/** The metadata as FilesService types it: its `tags` field takes a list (stored as JSON), though the type says text. */
export function fileFields(metadata: FileMetadata): Partial<File> {
  const { tags, ...rest } = metadata;
  return { ...rest, tags: tags as unknown as File['tags'] };
}
