import { guardedRoute } from '@/features/guards';
import { PrecheckinVerify } from '@/features/precheckin';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = guardedRoute({ guards: ['check-precheckin-data'], step: 'precheckin-verify', title: { namespace: 'precheckin', key: 'verifyTitle' }, View: PrecheckinVerify });

export const generateMetadata = route.generateMetadata;
export default route.Page;
