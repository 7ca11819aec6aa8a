import 'server-only';
import { createTranslator, type Messages, type NamespaceKeys, type NestedKeyOf } from 'next-intl';
import { CATALOGUES } from './catalogues';
import type { Locale } from './routing';

/** A namespace of the catalogues (`email`, `booking.bill.lines`...). */
export type MessageNamespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/** The messages of one namespace in one language, outside a request's React tree (e-mails, API answers, labels). */
export type ServerTranslator<Namespace extends MessageNamespace = never> = ReturnType<typeof createTranslator<Messages, Namespace>>;

// A translator parses each message on its first use and keeps it: one per language and namespace for the process's
// life, so a quote's bill labels and every e-mail after the first reuse what the first parsed. Both are few and fixed.
const translators = new Map<string, unknown>();

/** The translator of `namespace` (the whole catalogue without one) in `locale`, made once and then reused. */
export function serverTranslator<const Namespace extends MessageNamespace = never>(locale: Locale, namespace?: Namespace): ServerTranslator<Namespace> {
  const key = `${locale}:${namespace ?? ''}`;
  const known = translators.get(key) as ServerTranslator<Namespace> | undefined;
  if (known) return known;
  const created = createTranslator({ locale, messages: CATALOGUES[locale], namespace });
  translators.set(key, created);
  return created;
}
