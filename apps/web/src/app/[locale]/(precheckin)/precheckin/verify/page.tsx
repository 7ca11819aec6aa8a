import { precheckinRoute } from '@/features/precheckin/precheckin-step';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = precheckinRoute('precheckin-verify', ['check-precheckin-data']);

export const generateMetadata = route.generateMetadata;
export default route.Page;
