import { precheckinRoute } from '@/features/precheckin/precheckin-step';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = precheckinRoute('precheckin-start', ['check-precheckin-module-enable']);

export const generateMetadata = route.generateMetadata;
export default route.Page;
