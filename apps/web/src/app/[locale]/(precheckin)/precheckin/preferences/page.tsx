import { guardedRoute } from '@/features/guards/guarded-route';
import { PrecheckinPreferences } from '@/features/precheckin/precheckin-preferences';

const route = guardedRoute({ guards: [], step: 'precheckin-preferences', title: { namespace: 'precheckin', key: 'preferencesTitle' }, View: PrecheckinPreferences });

export const generateMetadata = route.generateMetadata;
export default route.Page;
