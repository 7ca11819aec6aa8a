import { enterLocale } from '@/i18n';
import { counterMetadata, CounterFleetPage } from '@/features/counter';

// The counter reads the staff member's session cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = counterMetadata;

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** /mostrador/flota: the fleet board of the staff member's branch (`?sucursal=` another's, `?clase=` one class). */
export default async function Page({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  const query = await searchParams;
  return <CounterFleetPage locale={locale} sucursal={one(query.sucursal)} clase={one(query.clase)} />;
}
