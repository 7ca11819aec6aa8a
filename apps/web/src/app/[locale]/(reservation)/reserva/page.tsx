import { guardedRoute } from '@/features/guards';
import { ReservationDetails } from '@/features/booking';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = guardedRoute({ guards: ['check-reservation-details'], step: 'reservation-details', title: { namespace: 'reservation', key: 'title' }, View: ReservationDetails });

export const generateMetadata = route.generateMetadata;
export default route.Page;
