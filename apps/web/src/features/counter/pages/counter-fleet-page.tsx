import 'server-only';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { getBranches, type CounterBranch } from '@/content';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { counterBranchNames } from '../branch-names';
import { FleetBoard, FleetFilter, type FleetBranchChoice } from '../components/fleet-board';
import { COUNTER_PATH } from '../counter-routes';
import { loadFleet } from '../fleet';
import { changeVehicleStatusAction } from '../fleet-actions';
import { acrissClass } from '../fleet-form';
import { currentStaff, type CounterStaff } from '../staff';
import { CounterFrame } from './counter-frame';
import { CounterSignIn } from './sign-in';

/** The branches whose board staff may open: the published ones, and their own (a draft branch is theirs too). */
async function branchChoices(locale: Locale, staff: CounterStaff, nameOf: (branch: CounterBranch | null) => string | null): Promise<FleetBranchChoice[]> {
  const published = (await getBranches(locale)).flatMap((branch) => (Number.isSafeInteger(Number(branch.id)) ? [{ id: Number(branch.id), name: branch.name }] : []));
  const own = staff.branch;
  return own && !published.some((branch) => branch.id === own.id) ? [{ id: own.id, name: nameOf(own) ?? String(own.id) }, ...published] : published;
}

/**
 * `/mostrador/flota`: the fleet board of the staff member's branch (docs/fleet.md, "At the counter"), or of the branch
 * `sucursal` names (any staff member reads any branch's; an administrator, who has none, chooses one); `clase`: one
 * ACRISS class. Signed out, the counter's sign-in.
 */
export async function CounterFleetPage({ locale, sucursal, clase }: { locale: Locale; sucursal: string | undefined; clase: string | undefined }) {
  const outcome = await currentStaff();
  if (!outcome.ok) return <CounterSignIn locale={locale} notice={outcome.status === 403 ? 'notStaff' : undefined} />;
  const { staff } = outcome;
  const [t, translate, nameOf, messages] = await Promise.all([
    getTranslations({ locale, namespace: 'counterFleet' }),
    getTranslations({ locale }),
    counterBranchNames(locale),
    getMessages({ locale }),
  ]);
  const branches = await branchChoices(locale, staff, nameOf);
  const requested = sucursal !== undefined && /^[1-9][0-9]{0,9}$/.test(sucursal) ? Number(sucursal) : undefined;
  const branch = requested ?? (staff.admin ? undefined : staff.branch?.id);
  const className = acrissClass(clase);
  const choose = (text: string) => (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('link')}</h1>
      <p className="text-slate-700">{text}</p>
      {staff.admin ? <FleetFilter locale={locale} branches={branches} branch={undefined} classes={[]} className={undefined} /> : null}
    </div>
  );
  let content: ReactNode;
  if (branch === undefined) {
    content = choose(t(staff.admin ? 'chooseBranch' : 'noBranch'));
  } else {
    const board = await loadFleet(staff, { branch });
    if (board.ok) {
      const { fleet } = board;
      const branchName = (fleet.branch === staff.branch?.id ? nameOf(staff.branch) : branches.find((choice) => choice.id === fleet.branch)?.name) ?? t('branchId', { id: fleet.branch });
      content = <FleetBoard locale={locale} fleet={fleet} branchName={branchName} branches={branches} className={className} action={changeVehicleStatusAction} />;
    } else if (board.problem.code === 'branch_required') {
      content = choose(t('chooseBranch'));
    } else {
      const { problem } = board;
      content = (
        <p role="alert" className="text-red-800">
          {problem.status === 401 ? t('refused') : translate(problem.message, problem.params)}
        </p>
      );
    }
  }
  return (
    <CounterFrame locale={locale} staff={staff}>
      <p>
        <a href={getPathname({ href: COUNTER_PATH, locale })} className="font-semibold text-brand underline underline-offset-2 hover:no-underline">
          {t('back')}
        </a>
      </p>
      {/* The board's forms' words for the browser: its own, and the errors they may show. */}
      <NextIntlClientProvider
        locale={locale}
        messages={{ counterFleet: messages.counterFleet, counterActions: { errors: messages.counterActions.errors }, booking: { errors: messages.booking.errors, errorSummary: messages.booking.errorSummary } }}
      >
        {content}
      </NextIntlClientProvider>
    </CounterFrame>
  );
}
