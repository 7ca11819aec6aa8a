import 'server-only';
import NextLink from 'next/link';
import type { ComponentProps } from 'react';
import { getLocale } from 'next-intl/server';
import { localeOrDefault } from '@/i18n/routing';
import { localizedPath } from '@/i18n/locale-detection';

type Props = Omit<ComponentProps<typeof NextLink>, 'href'> & { href: string };

/**
 * A link to a page of this site in the current language (Spanish unprefixed, English under /en). Resolved on the
 * server, so the browser needs no i18n runtime for links.
 */
export async function Link({ href, ...props }: Props) {
  const requested = await getLocale();
  const locale = localeOrDefault(requested);
  return <NextLink href={localizedPath(locale, href)} {...props} />;
}
