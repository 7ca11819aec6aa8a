import { z } from 'zod';
import { formatAmountsInText } from '@rentacar/domain/money';
import { CONTENT_LANGUAGE, LOCALES, type Locale } from '@/i18n/routing';
import { logFor } from '@/lib/log';

const log = logFor('content');

export type Localized<T> = Record<Locale, T>;

/** A Directus translation row: `languages_code` is either the code or the expanded language item. */
export const translationRow = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({
    languages_code: z.union([z.string(), z.object({ code: z.string() })]).transform((value) =>
      typeof value === 'string' ? value : value.code,
    ),
    ...shape,
  });

/** Every string in a translation's shape (texts, lists of texts, objects of them) with its dollar amounts in the site's money format. */
function withMoneyFormat<T>(value: T, locale: Locale): T {
  if (typeof value === 'string') return formatAmountsInText(value, locale) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withMoneyFormat(item, locale)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withMoneyFormat(item, locale)])) as T;
  }
  return value;
}

/**
 * Picks each locale's translation, falling back to Spanish, then to any translation, so a page never renders
 * empty because staff have not translated an item yet. An amount staff wrote in a text ("deducible de US$1,500") is
 * shown in the one money format ("$1,500.00"), like every price the storefront writes.
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
    result[locale] = withMoneyFormat(row ? reshape(row) : empty, locale);
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

/** An item id as the storefront speaks it: Directus gives integer keys as numbers. */
export const idText = z.union([z.number(), z.string()]).transform(String);

/** Rows that fail their schema are logged and left out, so one slip in the admin does not hide the rest. */
export function parseRows<Schema extends z.ZodType>(rows: readonly unknown[], schema: Schema, what: string): z.output<Schema>[] {
  return rows.flatMap((row) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return [parsed.data];
    log.error({ issues: parsed.error.issues.map(({ path, code, message }) => ({ path, code, message })) }, `skipped a malformed ${what}`);
    return [];
  });
}
