import { guardedRoute } from '@/features/guards';
import { PrecheckinStart } from '@/features/precheckin';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = guardedRoute({ guards: ['check-precheckin-module-enable'], step: 'precheckin-start', title: { namespace: 'precheckin', key: 'title' }, View: PrecheckinStart });

export const generateMetadata = route.generateMetadata;
export default route.Page;
