'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, useTransition, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatPlate, VEHICLE_STATUSES, type VehicleStatus } from '@rentacar/domain/vehicles';
import { Button, callAction, connectionLost, CONTROL_CLASS, countFieldErrors, domainResolver, Field, FormAlert, Input, Select, useIssueText, useServerErrors, type FormIssue } from '@/shared/forms';
import type { VehicleStatusResult } from '../fleet-actions';
import { isOffRoad, vehicleStatusForm, type VehicleStatusFormValues } from '../fleet-form';

/**
 * The fleet board's one action per unit (docs/fleet.md, "At the counter"): "Change state of AB-1234" opens a small
 * form (the new status, a note, and from when a unit off the road may be rented again), checked as typed with the
 * domain's rule, sent to its server action. Done, the board is asked again (the unit moves to its new section) and the
 * result is said in the board's one live region, which stays while the sections change; the focus goes back to the
 * unit's button, wherever the unit now is. Refused, the reason is shown on its field or above the form, announced, and
 * nothing typed is lost.
 */

type Announcer = { message: string; announce: (message: string) => void; focusPlate: string | undefined; requestFocus: (plate: string | undefined) => void };

const AnnouncerContext = createContext<Announcer>({ message: '', announce: () => undefined, focusPlate: undefined, requestFocus: () => undefined });

/** Holds what the board last said and which unit's button takes the focus, across the board's refreshes. */
export function FleetAnnouncer({ children }: { children: ReactNode }) {
  const [message, announce] = useState('');
  const [focusPlate, requestFocus] = useState<string>();
  const value = useMemo(() => ({ message, announce, focusPlate, requestFocus }), [message, focusPlate]);
  return <AnnouncerContext.Provider value={value}>{children}</AnnouncerContext.Provider>;
}

/** The board's live region: present from the start (so that what it says later is read), shown once it says something. */
export function FleetAnnouncement() {
  const { message } = useContext(AnnouncerContext);
  return (
    <div role="status" aria-live="polite" className="sticky top-2 z-10 empty:hidden" data-testid="fleet-announcement">
      {message ? <p className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 font-medium text-emerald-900 shadow-sm">{message}</p> : null}
    </div>
  );
}

export type VehicleStatusAction = (plate: string, values: VehicleStatusFormValues) => Promise<VehicleStatusResult>;

export function VehicleStatusForm({ plate, status, action }: { plate: string; status: string | null; action: VehicleStatusAction }) {
  const t = useTranslations('counterFleet.form');
  const id = useId();
  const router = useRouter();
  const issueText = useIssueText();
  const { announce, focusPlate, requestFocus } = useContext(AnnouncerContext);
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const frame = useRef<HTMLDivElement>(null);
  const current = VEHICLE_STATUSES.find((candidate) => candidate === status) ?? 'ready';
  const { register, handleSubmit, formState, setError, setFocus, control: formControl, reset, clearErrors } = useForm<VehicleStatusFormValues>({
    resolver: domainResolver(vehicleStatusForm),
    defaultValues: { status: current, note: '', availableFrom: '' },
  });
  const serverErrors = useServerErrors(setError, setFormError);
  const shown = formatPlate(plate);
  const offRoad = isOffRoad(useWatch({ control: formControl, name: 'status' }));

  useEffect(() => {
    if (open) setFocus('status');
  }, [open, setFocus]);
  // Back on the unit's button once the form closes, here or (after the refresh) in the unit's new section.
  useEffect(() => {
    if (!open && focusPlate === plate) frame.current?.querySelector('button')?.focus();
  }, [open, focusPlate, plate]);

  const close = () => {
    clearErrors();
    setFormError(undefined);
    setOpen(false);
    requestFocus(plate);
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    startTransition(async () => {
      const result = await callAction(() => action(plate, values), connectionLost);
      if (!result.ok) {
        serverErrors(result);
        return;
      }
      const said = [
        t('done', { plate: shown, status: t(`statuses.${values.status as VehicleStatus}`) }),
        result.moved > 0 ? t('moved', { count: result.moved }) : '',
        result.needsVehicle.length > 0 ? t('needsVehicle', { numbers: result.needsVehicle.join(', ') }) : '',
      ];
      announce(said.filter(Boolean).join(' '));
      reset({ status: values.status, note: '', availableFrom: '' });
      close();
      router.refresh();
    });
  });

  const error = (name: keyof VehicleStatusFormValues) => issueText(formState.errors[name]?.message);

  return (
    <div ref={frame} className="mt-3 space-y-3">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={open ? `${id}-form` : undefined}
        onClick={() => {
          if (open) {
            close();
          } else {
            requestFocus(undefined);
            setOpen(true);
          }
        }}
      >
        {t('open', { plate: shown })}
      </Button>
      {open ? (
        <form
          id={`${id}-form`}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-labelledby={`${id}-title`}
          className="space-y-3 rounded-lg border border-slate-300 bg-slate-50 p-3"
          data-testid="vehicle-status-form"
        >
          <h4 id={`${id}-title`} className="font-semibold text-slate-900">
            {t('title', { plate: shown })}
          </h4>
          <FormAlert issue={formError} errorCount={countFieldErrors(formState.errors)} />
          <Field id={`${id}-status`} label={t('status')} error={error('status')}>
            {(control) => (
              <Select {...control} {...register('status')}>
                {VEHICLE_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`statuses.${value}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`${id}-note`} label={t('note')} hint={t('noteHint')} error={error('note')}>
            {(control) => <textarea {...control} rows={2} className={CONTROL_CLASS} {...register('note')} />}
          </Field>
          {offRoad ? (
            <Field id={`${id}-available`} label={t('availableFrom')} hint={t('availableFromHint')} error={error('availableFrom')}>
              {(control) => <Input {...control} type="datetime-local" step={60} {...register('availableFrom')} />}
            </Field>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={pending}>
              {pending ? t('saving') : t('submit')}
            </Button>
            <Button variant="secondary" disabled={pending} onClick={close}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
