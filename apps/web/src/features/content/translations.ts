import { z } from 'zod';
import { CONTENT_LANGUAGE, LOCALES, type Locale } from '@/i18n/routing';

export type Localized<T> = Record<Locale, T>;

/** A Directus translation row: `languages_code` is either the code or the expanded language item. */
export const translationRow = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({
    languages_code: z.union([z.string(), z.object({ code: z.string() })]).transform((value) =>
      typeof value === 'string' ? value : value.code,
    ),
    ...shape,
  });

/**
 * Picks each locale's translation, falling back to Spanish, then to any translation, so a page never renders
 * empty because staff have not translated an item yet.
 */
export function localize<Row extends { languages_code: string }, T>(
  rows: readonly Row[] | null | undefined,
  reshape: (row: Row) => T,
  empty: T,
): Localized<T> {
  const list = rows ?? [];
  const fallback = list.find((row) => row.languages_code === CONTENT_LANGUAGE.es) ?? list[0];
  const result = {} as Localized<T>;
  for (const locale of LOCALES) {
    const row = list.find((candidate) => candidate.languages_code === CONTENT_LANGUAGE[locale]) ?? fallback;
    result[locale] = row ? reshape(row) : empty;
  }
  return result;
}

/** A file field: the SDK returns the id, or the expanded file object when its fields were requested. */
export const fileField = z
  .union([z.string(), z.object({ id: z.string() }), z.null()])
  .optional()
  .transform((value) => (value == null ? undefined : typeof value === 'string' ? value : value.id));

export const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
