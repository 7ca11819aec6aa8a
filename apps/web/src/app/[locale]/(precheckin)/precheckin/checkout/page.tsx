import { guardedRoute } from '@/features/guards';
import { PrecheckinCheckout } from '@/features/precheckin';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = guardedRoute({ guards: ['check-precheckin-data', 'prevent-direct-access'], step: 'precheckin-checkout', title: { namespace: 'precheckin', key: 'checkoutTitle' }, View: PrecheckinCheckout });

export const generateMetadata = route.generateMetadata;
export default route.Page;
