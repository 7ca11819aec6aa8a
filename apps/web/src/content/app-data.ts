import 'server-only';
import { cache } from 'react';
import { serverEnv } from '@/lib/env';
import { getFleet } from './fleet';
import { getSiteConfig } from './site-config';

/**
 * What every page needs, in this order: the brand's site config first (a failure is fatal), then the fleet
 * (filtered by the site config's allowed classes), then rendering. Deduplicated per request.
 */
export const loadAppData = cache(async () => {
  const site = await getSiteConfig(serverEnv().brand);
  const fleet = await getFleet(site);
  return { site, fleet };
});
