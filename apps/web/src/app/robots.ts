import type { MetadataRoute } from 'next';
import { serverEnv } from '@/lib/env';

// SITE_URL is read at run time, not frozen at build time.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = serverEnv();
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/reserva', '/en/reserva', '/es/reserva', '/precheckin', '/en/precheckin', '/es/precheckin', '/api/'] }],
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
