import { enterLocale } from '@/i18n';
import { counterMetadata, CounterHomePage } from '@/features/counter';

// The counter reads the staff member's session cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = counterMetadata;

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** /mostrador: staff sign-in, or the lookup by number or QR code and the day at the staff member's branch. */
export default async function Page({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  const query = await searchParams;
  return <CounterHomePage locale={locale} numero={one(query.numero)} motivo={one(query.motivo)} />;
}
