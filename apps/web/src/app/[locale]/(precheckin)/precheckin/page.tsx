import { guardedRoute } from '@/features/guards/guarded-route';
import { PrecheckinStart } from '@/features/precheckin/precheckin-start';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = guardedRoute({ guards: ['check-precheckin-module-enable'], step: 'precheckin-start', title: { namespace: 'precheckin', key: 'title' }, View: PrecheckinStart });

export const generateMetadata = route.generateMetadata;
export default route.Page;
