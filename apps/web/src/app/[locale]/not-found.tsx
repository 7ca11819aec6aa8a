import { ErrorScreen } from '@/features/errors';

export default function NotFound() {
  return <ErrorScreen />;
}
