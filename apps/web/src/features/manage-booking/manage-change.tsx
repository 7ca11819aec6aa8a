'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button, callAction, connectionLost, encodeIssue, FormAlert, useIssueText, type FormIssue } from '@/shared/forms';
import { LocationForm, type LocationFormProps } from '@/features/booking';
import { type NoticeMessage } from '@/features/reservations';
import { cancelManagedReservation, confirmChange, forgetManagedReservation, previewChange, type ChangePreview } from './manage-actions';
import { useRenterActed } from './manage-focus';
import { ReservationNoticePanel } from './reservation-notice';

type Props = LocationFormProps & { locale: string };

/**
 * Change dates or branches: the new price is shown beside the current one, and saved only when the renter confirms;
 * then the page says the reservation was changed, with its new dates, total and what happened to the money, in place
 * of the form (folded away until the renter asks to change it again), the focus on that result.
 */
export function ManageChange(props: Props) {
  const t = useTranslations('booking.manage');
  const issueText = useIssueText();
  const router = useRouter();
  const { markActed } = useRenterActed();
  const [preview, setPreview] = useState<ChangePreview>();
  const [done, setDone] = useState<NoticeMessage>();
  const [error, setError] = useState<FormIssue>();
  const [pending, startTransition] = useTransition();
  const forgetPreview = () => {
    setPreview(undefined);
    setDone(undefined);
    setError(undefined);
  };
  if (done) {
    return (
      <div className="space-y-4">
        <ReservationNoticePanel notice={done} testId="change-done" />
        <Button variant="secondary" onClick={forgetPreview}>
          {t('changeAgain')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {/* An edit after a preview makes it stale: the price shown and the change confirmed must be what the form says. */}
      <div onChange={forgetPreview}>
        <LocationForm
          {...props}
          heading={t('changeTitle')}
          headingLevel="h2"
          submitLabel={t('preview')}
          onValid={async (values) => {
            setPreview(undefined);
            setDone(undefined);
            const result = await callAction(() => previewChange(props.locale, values), connectionLost);
            if (result.ok) setPreview(result.data);
            return result.ok ? { ok: true } : result;
          }}
        />
      </div>
      {preview ? (
        <div className="space-y-3 rounded-2xl border border-brand bg-white p-5" data-testid="change-preview" role="status">
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('currentPrice')}</dt>
              <dd className="text-xl font-bold text-slate-900" data-testid="current-total">{preview.currentTotal}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('newPrice')}</dt>
              <dd className="text-xl font-bold text-slate-900" data-testid="new-total">{preview.newTotal}</dd>
            </div>
          </dl>
          <p className="text-sm text-slate-700" data-testid="change-rates-note">
            {t('repricedToday')}
          </p>
          {preview.payment ? (
            <p className="text-sm font-semibold text-slate-800" data-testid="change-payment">
              {issueText(encodeIssue(preview.payment))}
            </p>
          ) : null}
          <FormAlert issue={error} errorCount={0} />
          <Button
            pending={pending}
            onClick={() =>
              startTransition(async () => {
                const result = await callAction(() => confirmChange(props.locale, preview.values), connectionLost);
                if (result.ok) {
                  markActed();
                  setPreview(undefined);
                  setDone(result.data);
                  router.refresh();
                } else setError(result.formError);
              })
            }
          >
            {t('confirmChange')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Cancelling asks once more before it happens. */
export function CancelReservation() {
  const t = useTranslations('booking.manage');
  const router = useRouter();
  const { markActed } = useRenterActed();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<FormIssue>();
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-3">
      <FormAlert issue={error} errorCount={0} />
      {asking ? (
        <Button
          pending={pending}
          variant="danger"
          onClick={() =>
            startTransition(async () => {
              const result = await callAction(cancelManagedReservation, connectionLost);
              if (result.ok) {
                // The page comes back with the cancellation and its refund, which then takes the focus.
                markActed();
                router.refresh();
              } else setError(result.formError);
            })
          }
        >
          {t('cancelConfirm')}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('cancel')}
        </Button>
      )}
    </div>
  );
}

/** Back to the lookup form, for another reservation. */
export function ForgetReservation() {
  const t = useTranslations('booking.manage');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="link"
      pending={pending}
      onClick={() =>
        startTransition(async () => {
          await callAction(forgetManagedReservation, () => undefined);
          router.refresh();
        })
      }
    >
      {t('anotherBooking')}
    </Button>
  );
}
