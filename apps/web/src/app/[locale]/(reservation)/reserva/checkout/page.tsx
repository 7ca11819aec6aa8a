import { guardedRoute } from '@/features/guards';
import { ReservationCheckout } from '@/features/checkout';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

const route = guardedRoute({ guards: ['check-reservation-details', 'check-reservation-success-redirect'], step: 'reservation-checkout', title: { namespace: 'reservation', key: 'checkoutTitle' }, View: ReservationCheckout });

export const generateMetadata = route.generateMetadata;
export default route.Page;
