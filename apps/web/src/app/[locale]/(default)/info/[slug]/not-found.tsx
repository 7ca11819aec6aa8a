import { ErrorScreen } from '@/shared/errors';

// Not-found screens are rendered eagerly with the page, so this one reads its text on the client side.
export default function InfoNotFound() {
  return <ErrorScreen messageKey="infoNotFound" />;
}
