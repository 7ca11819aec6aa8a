import { guardedRoute } from '@/features/guards';
import { PrecheckinThanks } from '@/features/precheckin';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = guardedRoute({ guards: ['prevent-direct-access'], step: 'precheckin-thanks', title: { namespace: 'precheckin', key: 'thanksTitle' }, View: PrecheckinThanks });

export const generateMetadata = route.generateMetadata;
export default route.Page;
