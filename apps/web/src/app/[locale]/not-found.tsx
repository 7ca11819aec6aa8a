import { ErrorScreen } from '@/shared/errors';

export default function NotFound() {
  return <ErrorScreen />;
}
