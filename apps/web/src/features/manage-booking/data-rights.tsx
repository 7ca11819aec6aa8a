'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button, callAction, connectionLost, FormAlert, type FormIssue } from '@/shared/forms';
import { askForErasure, sendMyDataCopy } from './data-rights-actions';

/**
 * "Your data" in manage booking: a copy of everything kept about the booking's e-mail (sent to that address), or a
 * request to erase it (asked once more first; staff carry it out). docs/privacy.md.
 */
export function DataRights({ locale }: { locale: string }) {
  const t = useTranslations('booking.manage.dataRights');
  const [done, setDone] = useState<'copy' | 'erasure'>();
  const [askingErasure, setAskingErasure] = useState(false);
  const [error, setError] = useState<FormIssue>();
  const [pending, startTransition] = useTransition();
  const [running, setRunning] = useState<'copy' | 'erasure'>();

  const run = (which: 'copy' | 'erasure') =>
    startTransition(async () => {
      setRunning(which);
      setError(undefined);
      const result = await callAction(() => (which === 'copy' ? sendMyDataCopy(locale) : askForErasure(locale)), connectionLost);
      setRunning(undefined);
      if (result.ok) {
        setDone(which);
        setAskingErasure(false);
      } else setError(result.formError);
    });

  return (
    <section aria-labelledby="data-rights-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5" data-testid="data-rights">
      <h2 id="data-rights-title" className="text-xl font-bold text-slate-900">{t('title')}</h2>
      <p className="text-sm text-slate-700">{t('intro')}</p>
      <FormAlert issue={error} errorCount={0} />
      <div role="status" className="empty:hidden">
        {done ? <p className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900">{t(done === 'copy' ? 'copySent' : 'erasureRequested')}</p> : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" pending={pending && running === 'copy'} disabled={pending} onClick={() => run('copy')}>
          {t('copy')}
        </Button>
        {askingErasure ? (
          <Button variant="danger" pending={pending && running === 'erasure'} disabled={pending} onClick={() => run('erasure')}>
            {t('erasureConfirm')}
          </Button>
        ) : (
          <Button variant="secondary" disabled={pending || done === 'erasure'} onClick={() => setAskingErasure(true)}>
            {t('erasure')}
          </Button>
        )}
      </div>
      {askingErasure ? <p className="text-sm text-slate-700">{t('erasureWarning')}</p> : null}
    </section>
  );
}
