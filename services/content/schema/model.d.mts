// Types of what TypeScript callers (the extensions) use of schema/model.mjs.

export interface ModelChoice {
  text: string;
  value: string;
  color?: string;
}

export interface ModelField {
  field: string;
  type: string;
  schema?: { max_length?: number | null; is_nullable?: boolean; is_unique?: boolean };
  meta?: { options?: { choices?: ModelChoice[] | null; min?: number } | null } & Record<string, unknown>;
  /** Many-to-one fields (and file fields): the collection they point at. */
  relation?: { related: string };
}

export interface ModelCollection {
  collection: string;
  fields: ModelField[];
}

export declare const LANGUAGES: string[];
export declare const BRANDS: string[];
export declare const PRECHECKIN_DOCUMENTS_FOLDER: string;
export declare const JOB_APPLICATIONS_FOLDER: string;
export declare const COUNTER_PHOTOS_FOLDER: string;
export declare const collections: ModelCollection[];
