import 'server-only';
import NextLink from 'next/link';
import type { ComponentProps } from 'react';
import { getLocale } from 'next-intl/server';
import { getPathname } from '@/i18n/navigation';

type Props = Omit<ComponentProps<typeof NextLink>, 'href'> & { href: string };

/**
 * A link to a page of this site in the current language, resolved on the server: next-intl's Link is a client
 * component that needs an intl provider, which would ship its runtime to every page.
 */
export async function Link({ href, ...props }: Props) {
  const locale = await getLocale();
  return <NextLink href={getPathname({ href, locale })} {...props} />;
}
