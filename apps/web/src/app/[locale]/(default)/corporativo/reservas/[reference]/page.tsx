import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';
import { enterLocale } from '@/i18n';
import { AgentReservationPage } from '@/features/corporate';
import { decodePathSegment } from '@/lib/path-segment';

type Props = { params: Promise<{ locale: string; reference: string }> };

// Read with the agent's own token: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, reference } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'accounts.reservation' });
  return { title: t('title', { number: decodePathSegment(reference).slice(0, 40) }), robots: { index: false } };
}

/** /corporativo/reservas/{number or id}: one of the company's reservations; any other is Page Not Found. */
export default async function Page({ params }: Props) {
  const locale = await enterLocale(params);
  const { reference } = await params;
  return <AgentReservationPage locale={locale} reference={decodePathSegment(reference).slice(0, 40)} />;
}
