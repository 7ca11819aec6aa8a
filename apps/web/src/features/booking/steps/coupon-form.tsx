'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { couponCodeSchema } from '@rentacar/domain/validation/forms';
import * as z from 'zod/mini';
import {
  Button,
  callAction,
  connectionLost,
  domainResolver,
  encodeIssue,
  Field,
  FieldError,
  Input,
  useIssueText,
  type FormIssue,
} from '@/shared/forms';
import { applyCoupon, removeCoupon } from '../booking-actions';

const schema = z.object({ code: couponCodeSchema });

/**
 * The coupon: a quiet "have a code?" link that opens the form (title, placeholder, apply button); the server's reason
 * when a code is refused; and once applied, the applied state with its discount and a way to remove it.
 */
export function CouponForm({
  applied,
  refused,
}: {
  applied: { code: string; discount: string } | undefined;
  /** A code in the draft that no longer applies (a promotion's code, dates changed since): why, and a way to drop it. */
  refused?: { code: string; issue: FormIssue } | undefined;
}) {
  const t = useTranslations('booking.coupon');
  const issueText = useIssueText();
  const router = useRouter();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [removeError, setRemoveError] = useState<FormIssue>();
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState, setError, reset, setFocus } = useForm<{ code: string }>({ defaultValues: { code: '' }, resolver: domainResolver(schema) });
  // The link that opened the form is gone: the focus goes on to the field rather than back to the top of the page.
  useEffect(() => {
    if (open) setFocus('code');
  }, [open, setFocus]);
  const remove = () =>
    startTransition(async () => {
      setRemoveError(undefined);
      const result = await callAction(removeCoupon, connectionLost);
      if (result.ok) router.refresh();
      else setRemoveError(result.formError);
    });
  // Why a coupon could not be dropped (the draft expired, the connection dropped), under the coupon.
  const removeProblem = <FieldError id={undefined} message={removeError ? issueText(encodeIssue(removeError)) : undefined} />;

  if (applied) {
    return (
      <>
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900" data-testid="coupon-applied" role="status">
          <span>{t('applied', { code: applied.code, amount: applied.discount })}</span>
          <RemoveCouponButton pending={pending} onRemove={remove} />
        </div>
        {removeProblem}
      </>
    );
  }

  if (refused && !open) {
    return (
      <>
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="coupon-refused" role="status">
          <span>
            <span className="font-semibold">{t('notApplied', { code: refused.code })}</span> {issueText(encodeIssue(refused.issue))}
          </span>
          <RemoveCouponButton pending={pending} onRemove={remove} />
        </div>
        {removeProblem}
      </>
    );
  }

  if (!open) {
    return (
      <Button variant="link" aria-expanded={false} aria-controls={formId} onClick={() => setOpen(true)} className="text-sm">
        {t('haveCode')}
      </Button>
    );
  }

  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const result = await callAction(() => applyCoupon(values.code), connectionLost);
      if (!result.ok) {
        const issue = result.errors.code ?? result.formError;
        if (issue) setError('code', { type: 'server', message: encodeIssue(issue) }, { shouldFocus: true });
        return;
      }
      reset();
      router.refresh();
    }),
  );

  return (
    <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-2" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className="font-bold text-slate-900">
        {t('title')}
      </h2>
      <div className="flex items-start gap-2">
        <Field id={`${formId}-code`} label={<span className="sr-only">{t('title')}</span>} error={issueText(formState.errors.code?.message)} className="flex-1">
          {(control) => <Input {...control} placeholder={t('placeholder')} autoComplete="off" autoCapitalize="characters" {...register('code')} />}
        </Field>
        <Button type="submit" variant="secondary" pending={pending} className="mt-1">
          {t('apply')}
        </Button>
      </div>
    </form>
  );
}

/** Drops the draft's coupon, applied or refused alike. */
function RemoveCouponButton({ pending, onRemove }: { pending: boolean; onRemove: () => void }) {
  const t = useTranslations('booking.coupon');
  return (
    <Button variant="link" pending={pending} onClick={onRemove}>
      {t('remove')}
    </Button>
  );
}
