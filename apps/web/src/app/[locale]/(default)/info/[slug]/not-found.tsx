import { getTranslations } from 'next-intl/server';
import { ErrorScreen } from '@/features/errors/error-screen';

export default async function InfoNotFound() {
  const t = await getTranslations('info');
  return <ErrorScreen message={t('notFound')} />;
}
