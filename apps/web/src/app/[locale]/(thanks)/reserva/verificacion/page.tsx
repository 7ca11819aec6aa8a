import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/i18n';
import { PaymentVerificationResult } from '@/features/payments';

// Reads the outcome from its query: rendered per request, never cached.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await enterLocale(params);
  const t = await getTranslations('booking.payment.verification');
  return { title: t('title'), robots: { index: false } };
}

/** The 3-D Secure window's last page: it tells the checkout that opened it, then closes. */
export default async function PaymentVerificationPage({ params, searchParams }: Props) {
  await enterLocale(params);
  const query = await searchParams;
  const result = query.resultado === 'paid' || query.resultado === 'failed' ? query.resultado : 'pending';
  const t = await getTranslations('booking.payment.verification');
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
      <PaymentVerificationResult result={result} text={t(result)} />
    </div>
  );
}
