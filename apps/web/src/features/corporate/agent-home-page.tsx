import 'server-only';
import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@rentacar/domain/money';
import { bookingStanding } from '@rentacar/domain/rentals';
import { loadAppData } from '@/content';
import type { Locale } from '@/i18n/routing';
import { ACCOUNT_PATHS, Frame, LINK_CLASS, LogoutButton, Notice, requireAgent } from '@/features/accounts';
import { buttonClass } from '@/shared/forms';
import { formatPanamaDateTimeForRenter } from '@/i18n';
import { companyReservations } from './agent-reservations';
import { getPathname } from '@/i18n/navigation';

export async function AgentHomePage({ locale }: { locale: Locale }) {
  const agent = await requireAgent(locale, ACCOUNT_PATHS.home);
  const [t, status, reservations, { fleet }] = await Promise.all([
    getTranslations({ locale, namespace: 'accounts.home' }),
    getTranslations({ locale, namespace: 'accounts.status' }),
    agent.company ? companyReservations() : Promise.resolve([]),
    loadAppData(),
  ]);
  const carName = (id: string) => {
    const car = fleet.cars.find((candidate) => candidate.id === id);
    return car ? `${car.make} ${car.model}` : '—';
  };
  return (
    <Frame title={t('title')}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <p className="text-xl font-semibold text-slate-900" data-testid="agent-greeting">
            {t('greeting', { name: `${agent.firstName} ${agent.lastName}`.trim() || agent.email })}
          </p>
          {agent.company ? (
            <>
              <p className="text-slate-800" data-testid="agent-company">
                {t('company', { company: agent.company.name })}
              </p>
              <p className="text-sm text-slate-600">{t('rate', { percent: agent.company.discountPercent })}</p>
            </>
          ) : (
            <Notice>{t('noCompany')}</Notice>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <LogoutButton locale={locale} label={t('logout')} />
          <LogoutButton locale={locale} label={t('logoutEverywhere')} everywhere />
        </div>
      </div>
      <NextLink className={buttonClass('primary')} href={getPathname({ href: '/flota', locale })}>
        {t('book')}
      </NextLink>
      {agent.company ? (
        <section aria-labelledby="company-reservations" className="space-y-3">
          <h2 id="company-reservations" className="text-xl font-semibold text-slate-900">
            {t('reservations')}
          </h2>
          {reservations.length === 0 ? (
            <p className="text-slate-700">{t('empty')}</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <table className="min-w-full text-left text-sm" data-testid="company-reservations">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {(['number', 'renter', 'car', 'pickup', 'status', 'agent', 'total'] as const).map((column) => (
                      <th key={column} scope="col" className={`px-3 py-2 font-semibold ${column === 'total' ? 'text-right' : ''}`}>
                        {t(column)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {reservations.map((reservation) => (
                    <tr key={reservation.id}>
                      <td className="px-3 py-2 font-mono">
                        <NextLink className={LINK_CLASS} href={getPathname({ href: `${ACCOUNT_PATHS.reservations}/${reservation.number}`, locale })}>
                          {reservation.number}
                        </NextLink>
                      </td>
                      <td className="px-3 py-2">{`${reservation.client.firstName} ${reservation.client.lastName}`}</td>
                      <td className="px-3 py-2">{carName(reservation.carId)}</td>
                      <td className="px-3 py-2">{formatPanamaDateTimeForRenter(reservation.pickupAt, locale)}</td>
                      <td className="px-3 py-2" data-testid="reservation-status">{status(bookingStanding(reservation))}</td>
                      <td className="px-3 py-2">{reservation.corporate?.agentId === agent.id ? t('you') : t('otherAgent')}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatMoney(reservation.totals.total, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </Frame>
  );
}
