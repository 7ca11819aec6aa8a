import { useTranslations } from 'next-intl';
import { buttonClass, CONTROL_CLASS } from '@/shared/forms';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { COUNTER_PATH } from '../counter-routes';

/**
 * Type a reservation number: a plain GET form to `/mostrador?numero=…`, which opens the reservation's page (it works
 * without script). `problem`: what was wrong with the last number typed, shown under the field and announced.
 */
export function LookupForm({ locale, typed, problem }: { locale: Locale; typed?: string; problem?: 'invalid' | 'notFound' }) {
  const t = useTranslations('counter.lookup');
  const errorId = problem ? 'counter-number-error' : undefined;
  return (
    <form method="get" action={getPathname({ href: COUNTER_PATH, locale })} className="space-y-2" aria-labelledby="counter-lookup-title">
      <h2 id="counter-lookup-title" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      <label htmlFor="counter-number" className="block text-sm font-semibold text-slate-800">
        {t('label')}
      </label>
      <div className="flex flex-wrap items-start gap-3">
        <input
          id="counter-number"
          name="numero"
          type="text"
          required
          defaultValue={typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="FF-7K3M9Q"
          aria-invalid={problem ? true : undefined}
          aria-describedby={['counter-number-hint', errorId].filter(Boolean).join(' ')}
          className={`${CONTROL_CLASS} mt-0 max-w-xs font-mono uppercase`}
        />
        <button type="submit" className={buttonClass('primary')}>
          {t('submit')}
        </button>
      </div>
      <p id="counter-number-hint" className="text-xs text-slate-600">
        {t('hint')}
      </p>
      {problem ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {t(`problems.${problem}`, { number: typed ?? '' })}
        </p>
      ) : null}
    </form>
  );
}
