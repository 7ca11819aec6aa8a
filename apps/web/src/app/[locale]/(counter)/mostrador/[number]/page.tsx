import { enterLocale } from '@/i18n';
import { counterMetadata, CounterReservationPage } from '@/features/counter';

// The counter reads the staff member's session cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = counterMetadata;

/** /mostrador/{number}: one reservation at the counter. */
export default async function Page({ params }: { params: Promise<{ locale: string; number: string }> }) {
  const locale = await enterLocale(params);
  const { number } = await params;
  return <CounterReservationPage locale={locale} number={number} />;
}
