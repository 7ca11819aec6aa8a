import { ErrorScreen } from '@/features/errors/error-screen';

export default function NotFound() {
  return <ErrorScreen />;
}
