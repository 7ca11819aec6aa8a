import type { MetadataRoute } from 'next';
import { serverEnv } from '@/lib/env';
import { getInfoPages } from '@/content';
import { getPathname } from '@/i18n/navigation';

const STATIC_PATHS = ['/', '/flota', '/sucursales', '/promos', '/jobs'];

// Rendered per request from the cached info pages: the build needs no content service, and new pages appear
// as soon as the content service's webhook expires the info-pages tag.
export const dynamic = 'force-dynamic';

/** Every public page in both languages, each with its hreflang alternates. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { siteUrl } = serverEnv();
  const infoPaths = (await getInfoPages().catch(() => [])).map((page) => `/info/${page.slug}`);
  return [...STATIC_PATHS, ...infoPaths].flatMap((path) => {
    const languages = { 'es-ES': `${siteUrl}${getPathname({ href: path, locale: 'es' })}`, 'en-US': `${siteUrl}${getPathname({ href: path, locale: 'en' })}` };
    return [
      { url: languages['es-ES'], alternates: { languages }, changeFrequency: 'weekly' as const, priority: path === '/' ? 1 : 0.7 },
      { url: languages['en-US'], alternates: { languages }, changeFrequency: 'weekly' as const, priority: path === '/' ? 0.9 : 0.6 },
    ];
  });
}
