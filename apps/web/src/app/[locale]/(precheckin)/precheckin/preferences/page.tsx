import { precheckinRoute } from '@/features/precheckin/precheckin-step';

const route = precheckinRoute('precheckin-preferences', []);

export const generateMetadata = route.generateMetadata;
export default route.Page;
