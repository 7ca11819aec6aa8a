import { precheckinRoute } from '@/features/precheckin/precheckin-step';

// Reads the renter's pre-check-in session: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = precheckinRoute('precheckin-preferences', []);

export const generateMetadata = route.generateMetadata;
export default route.Page;
