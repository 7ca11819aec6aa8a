import 'server-only';
import NextLink from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { MINIMUM_PASSWORD_LENGTH } from '@rentacar/domain/accounts';
import { formatMoney } from '@rentacar/domain/money';
import type { Locale } from '@/i18n/routing';
import { serverEnv } from '@/lib/env';
import { getPathname } from '@/i18n/navigation';
import { formatPanamaDateTimeForRenter } from '@/features/i18n/format-date';
import { loadAppData } from '@/features/content/app-data';
import { PageHeader } from '@/features/layout/page-header';
import { buttonClass } from '@/features/forms/button-class';
import { BillDetails, BookingFacts, factsOfSummary } from '@/features/booking/booking-summary';
import { reservationSummary } from '@/features/booking/reservations';
import { ACCOUNT_PATHS, loginPathFor, safeNextPath } from './account-routes';
import { acceptAccountInvitation, logIn, logOut, registerAccount, requestPasswordEmail, resetForgottenPassword } from './account-actions';
import { companyReservation, companyReservations } from './agent-reservations';
import { verifyRegistration, type Agent } from './auth-client';
import { currentAgent } from './session';
import { AccountForm } from './components/account-form';

const LINK_CLASS = 'font-semibold text-brand underline underline-offset-2 hover:no-underline';

function Frame({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      {intro ? (
        <PageHeader title={title} intro={intro} />
      ) : (
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      )}
      {children}
    </div>
  );
}

async function FormMessages({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider locale={locale} messages={{ accounts: messages.accounts, booking: messages.booking, validation: messages.validation }}>
      {children}
    </NextIntlClientProvider>
  );
}

function Notice({ tone = 'info', children }: { tone?: 'info' | 'success' | 'error'; children: React.ReactNode }) {
  const colours = { info: 'border-sky-300 bg-sky-50 text-sky-900', success: 'border-emerald-300 bg-emerald-50 text-emerald-900', error: 'border-red-300 bg-red-50 text-red-800' }[tone];
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`max-w-lg rounded-lg border px-4 py-3 text-sm font-medium ${colours}`}>
      {children}
    </p>
  );
}

/** The address a provider login returns to: this site's own page, which the content service's allow-list names. */
function providerLoginUrl(provider: string, locale: Locale): string {
  const env = serverEnv();
  const url = new URL(`${env.directusPublicUrl}/auth/login/${encodeURIComponent(provider)}`);
  url.searchParams.set('redirect', `${env.siteUrl}${getPathname({ href: ACCOUNT_PATHS.providerReturn, locale })}`);
  return url.toString();
}

export async function LoginPage({ locale, next, reason }: { locale: Locale; next: string | undefined; reason: string | undefined }) {
  if (await currentAgent()) redirect(getPathname({ href: safeNextPath(next), locale }));
  const t = await getTranslations({ locale, namespace: 'accounts.login' });
  const providers = serverEnv().accounts.loginProviders;
  const notice = reason === 'expired' ? t('expired') : reason === 'logout' ? t('loggedOut') : reason === 'provider' ? t('providerFailed') : undefined;
  return (
    <Frame title={t('title')} intro={t('intro')}>
      {notice ? <Notice tone={reason === 'provider' ? 'error' : 'info'}>{notice}</Notice> : null}
      <FormMessages locale={locale}>
        <AccountForm
          kind="login"
          action={logIn.bind(null, locale, safeNextPath(next))}
          title={t('title')}
          submitLabel={t('submit')}
          fields={[
            { name: 'email', label: t('email'), type: 'email', autoComplete: 'username' },
            { name: 'password', label: t('password'), type: 'password', autoComplete: 'current-password' },
          ]}
        />
      </FormMessages>
      <p className="space-x-4 text-sm">
        <NextLink className={LINK_CLASS} href={getPathname({ href: ACCOUNT_PATHS.passwordRequest, locale })}>
          {t('forgot')}
        </NextLink>
      </p>
      <p className="text-sm">
        <NextLink className={LINK_CLASS} href={getPathname({ href: ACCOUNT_PATHS.register, locale })}>
          {t('register')}
        </NextLink>
      </p>
      {providers.length > 0 ? (
        <section aria-labelledby="providers-title" className="space-y-3 border-t border-slate-200 pt-6">
          <h2 id="providers-title" className="text-lg font-semibold text-slate-900">
            {t('providers')}
          </h2>
          <ul className="flex flex-wrap gap-3">
            {providers.map((provider) => (
              <li key={provider.name}>
                {/* A plain link: the content service takes over, then sends the browser back to /corporativo/sso. */}
                <a className={buttonClass('secondary')} href={providerLoginUrl(provider.name, locale)}>
                  {t('providerButton', { provider: provider.label })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Frame>
  );
}

export async function RegisterPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'accounts.register' });
  return (
    <Frame title={t('title')} intro={t('intro')}>
      <FormMessages locale={locale}>
        <AccountForm
          kind="registration"
          action={registerAccount.bind(null, locale)}
          title={t('title')}
          submitLabel={t('submit')}
          doneMessage={t('done')}
          fields={[
            { name: 'firstName', label: t('firstName'), type: 'text', autoComplete: 'given-name' },
            { name: 'lastName', label: t('lastName'), type: 'text', autoComplete: 'family-name' },
            { name: 'email', label: t('email'), type: 'email', autoComplete: 'email' },
            { name: 'password', label: t('password'), type: 'password', autoComplete: 'new-password', hint: t('passwordHint', { minimum: MINIMUM_PASSWORD_LENGTH }) },
            { name: 'passwordConfirmation', label: t('passwordConfirmation'), type: 'password', autoComplete: 'new-password' },
          ]}
        />
      </FormMessages>
      <p className="text-sm">
        <NextLink className={LINK_CLASS} href={getPathname({ href: ACCOUNT_PATHS.login, locale })}>
          {t('login')}
        </NextLink>
      </p>
    </Frame>
  );
}

export async function VerifyPage({ locale, token }: { locale: Locale; token: string | undefined }) {
  const t = await getTranslations({ locale, namespace: 'accounts.verify' });
  const verified = token ? await verifyRegistration(token).catch(() => false) : false;
  return (
    <Frame title={t('title')}>
      <Notice tone={verified ? 'success' : 'error'}>{verified ? t('ok') : t('failed')}</Notice>
      <NextLink className={buttonClass('primary')} href={getPathname({ href: ACCOUNT_PATHS.login, locale })}>
        {t('login')}
      </NextLink>
    </Frame>
  );
}

export async function PasswordRequestPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'accounts.passwordRequest' });
  return (
    <Frame title={t('title')} intro={t('intro')}>
      <FormMessages locale={locale}>
        <AccountForm
          kind="passwordRequest"
          action={requestPasswordEmail.bind(null, locale)}
          title={t('title')}
          submitLabel={t('submit')}
          doneMessage={t('done')}
          fields={[{ name: 'email', label: t('email'), type: 'email', autoComplete: 'email' }]}
        />
      </FormMessages>
    </Frame>
  );
}

/** The page a reset link or an invitation opens: choose a password; the token travels in the link. */
export async function ChoosePasswordPage({ locale, token, purpose }: { locale: Locale; token: string | undefined; purpose: 'passwordReset' | 'invitation' }) {
  const t = await getTranslations({ locale, namespace: `accounts.${purpose}` });
  const login = (
    <NextLink className={LINK_CLASS} href={getPathname({ href: ACCOUNT_PATHS.login, locale })}>
      {t('login')}
    </NextLink>
  );
  if (!token) {
    return (
      <Frame title={t('title')}>
        <Notice tone="error">{t('invalid')}</Notice>
        <p className="text-sm">{login}</p>
      </Frame>
    );
  }
  const action = (purpose === 'passwordReset' ? resetForgottenPassword : acceptAccountInvitation).bind(null, token);
  return (
    <Frame title={t('title')} intro={purpose === 'invitation' ? t('intro') : undefined}>
      <FormMessages locale={locale}>
        <AccountForm
          kind="newPassword"
          action={action}
          title={t('title')}
          submitLabel={t('submit')}
          doneMessage={t('done')}
          fields={[
            { name: 'password', label: t('password'), type: 'password', autoComplete: 'new-password' },
            { name: 'passwordConfirmation', label: t('passwordConfirmation'), type: 'password', autoComplete: 'new-password' },
          ]}
        />
      </FormMessages>
      <p className="text-sm">{login}</p>
    </Frame>
  );
}

async function requireAgent(locale: Locale, path: string): Promise<Agent> {
  const agent = await currentAgent();
  if (!agent) redirect(loginPathFor(locale, path));
  return agent;
}

function LogoutButton({ locale, label }: { locale: Locale; label: string }) {
  return (
    <form action={logOut.bind(null, locale)}>
      <button type="submit" className={buttonClass('secondary')}>
        {label}
      </button>
    </form>
  );
}

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
        <LogoutButton locale={locale} label={t('logout')} />
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
                      <td className="px-3 py-2">{status(reservation.status)}</td>
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

/** One of the company's reservations; any other (another company's, a retail one, an unknown number) is a 404. */
export async function AgentReservationPage({ locale, reference }: { locale: Locale; reference: string }) {
  const agent = await requireAgent(locale, `${ACCOUNT_PATHS.reservations}/${reference}`);
  const reservation = agent.company ? await companyReservation(reference) : undefined;
  if (!reservation) notFound();
  const [t, status, summary] = await Promise.all([
    getTranslations({ locale, namespace: 'accounts.reservation' }),
    getTranslations({ locale, namespace: 'accounts.status' }),
    reservationSummary(reservation, locale),
  ]);
  return (
    <Frame title={t('title', { number: reservation.number })}>
      <p>
        <NextLink className={LINK_CLASS} href={getPathname({ href: ACCOUNT_PATHS.home, locale })}>
          {t('back')}
        </NextLink>
      </p>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">{t('renter')}</dt>
          <dd className="font-semibold text-slate-900">{`${reservation.client.firstName} ${reservation.client.lastName}`}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('status')}</dt>
          <dd className="font-semibold text-slate-900" data-testid="reservation-status">
            {status(reservation.status)}
          </dd>
        </div>
      </dl>
      <div className="grid gap-8 md:grid-cols-2">
        <BookingFacts facts={factsOfSummary(summary)} locale={locale} editable={false} />
        <BillDetails lines={summary.lines} total={summary.total} locale={locale} />
      </div>
    </Frame>
  );
}
