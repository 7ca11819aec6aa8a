import { guardedRoute } from '@/features/guards';
import { PrecheckinPreferences } from '@/features/precheckin';

// Reads the renter's pre-check-in session: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = guardedRoute({ guards: [], step: 'precheckin-preferences', title: { namespace: 'precheckin', key: 'preferencesTitle' }, View: PrecheckinPreferences });

export const generateMetadata = route.generateMetadata;
export default route.Page;
