import { guardedRoute } from '@/features/guards';
import { ReservationThanks } from '@/features/booking';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = guardedRoute({ guards: ['check-reservation-details'], step: 'reservation-thanks', title: { namespace: 'reservation', key: 'thanksTitle' }, View: ReservationThanks });

export const generateMetadata = route.generateMetadata;
export default route.Page;
