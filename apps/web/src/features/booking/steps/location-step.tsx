'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { timeSlots, type LocalDate, type OpeningHours } from '@rentacar/domain/dates';
import { createLocationFormSchema } from '@rentacar/domain/validation/forms';
import {
  Button,
  callAction,
  Checkbox,
  connectionLost,
  encodeIssue,
  Field,
  FormAlert,
  Input,
  Select,
  useIssueText,
  useServerErrors,
  zodIssueParams,
  type ControlProps,
  type FormIssue,
} from '@/shared/forms';
import { saveLocation, type ActionResult } from '../booking-actions';

export type StepBranch = { id: string; name: string; openingHours: OpeningHours };

type Values = { pickupBranch: string; returnBranch: string; pickupDay: string; pickupTime: string; returnDay: string; returnTime: string; sameBranch: boolean };

const LOCATION_FIELDS: Record<string, keyof Values> = { pickupDate: 'pickupDay', returnDate: 'returnDay', pickupBranchId: 'pickupBranch', returnBranchId: 'returnBranch' };

export type LocationValues = { pickupBranch: string; returnBranch: string; pickupAt: string; returnAt: string };

/** Built by the server (location-form-props.ts), which also formats the texts: the form's first render formats none. */
export type LocationFormProps = {
  branches: StepBranch[];
  initial: LocationValues;
  /** Panama's date when the page was rendered: the date fields' lower bound and the same-day warning. */
  today: LocalDate;
  minimumDays: number;
  /** The brand's longest online rental, in days. */
  maximumDays: number;
  minimumDaysHint: string;
  sameDayNoticeHours: number;
  sameDayWarning: string;
  disableReservationsUntil: string | undefined;
  /** Said under the fields while bookings are closed until a later date. */
  disabledUntilNote: string | undefined;
};

/** Step 1 of the flow: saves the dates and branches and moves on to the coverage. */
export function LocationStep({ locale, ...props }: LocationFormProps & { locale: string }) {
  const t = useTranslations('booking');
  return <LocationForm {...props} heading={t('location.title')} headingLevel="h1" submitLabel={t('continue')} onValid={(values) => saveLocation(locale, values)} />;
}

/**
 * Branches, dates and times (the flow's first step, and manage booking's change). Times are the branch's 30-minute
 * slots for the chosen day; every rule (hours, same-day notice, `disable_reservations_until`, the car's minimum days, the longest rental)
 * is checked here and again on the server, whose refusal comes back on the fields.
 */
export function LocationForm({
  branches,
  initial,
  today,
  minimumDays,
  maximumDays,
  minimumDaysHint,
  sameDayNoticeHours,
  sameDayWarning,
  disableReservationsUntil,
  disabledUntilNote,
  heading,
  headingLevel,
  submitLabel,
  onValid,
}: LocationFormProps & { heading: string; headingLevel: 'h1' | 'h2'; submitLabel: string; onValid: (values: LocationValues) => Promise<ActionResult | undefined> }) {
  const t = useTranslations('booking');
  const Heading = headingLevel;
  const issueText = useIssueText();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const hoursOf = (id: string) => branches.find((branch) => branch.id === id)?.openingHours;

  const form = useForm<Values>({
    defaultValues: {
      pickupBranch: initial.pickupBranch,
      returnBranch: initial.returnBranch,
      pickupDay: initial.pickupAt.slice(0, 10),
      pickupTime: initial.pickupAt.slice(11, 16),
      returnDay: initial.returnAt.slice(0, 10),
      returnTime: initial.returnAt.slice(11, 16),
      sameBranch: initial.pickupBranch === initial.returnBranch,
    },
    resolver: (values) => {
      const returnBranch = values.sameBranch ? values.pickupBranch : values.returnBranch;
      const schema = createLocationFormSchema({ hoursFor: hoursOf, disableReservationsUntil: disableReservationsUntil ?? null, sameDayNoticeHours, minimumDays, maximumDays });
      const parsed = schema.safeParse({
        pickupBranchId: values.pickupBranch,
        returnBranchId: returnBranch,
        pickupDate: `${values.pickupDay}T${values.pickupTime}`,
        returnDate: `${values.returnDay}T${values.returnTime}`,
      });
      if (parsed.success) return { values, errors: {} };
      const errors: Partial<Record<keyof Values, { type: string; message: string }>> = {};
      for (const entry of parsed.error.issues) {
        const field = LOCATION_FIELDS[String(entry.path[0])] ?? 'pickupDay';
        const params = zodIssueParams(entry);
        errors[field] ??= { type: 'validation', message: encodeIssue({ message: entry.message, ...(params ? { params } : {}) }) };
      }
      return { values: {}, errors };
    },
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const [pickupBranch, returnBranch, pickupDay, returnDay, sameBranch] = useWatch({ control, name: ['pickupBranch', 'returnBranch', 'pickupDay', 'returnDay', 'sameBranch'] });
  const applyServerErrors = useServerErrors(setError, setFormError);

  const openSlots = (branchId: string, day: string) => {
    const hours = hoursOf(branchId);
    return hours && day ? timeSlots(hours, day) : [];
  };
  // The saved time stays selectable, so the form shows what the draft holds even when it is no longer open.
  const withSaved = (slots: string[], saved: string) => (slots.includes(saved) || !saved ? slots : [saved, ...slots]);
  const pickupOpenSlots = openSlots(pickupBranch, pickupDay);
  const returnOpenSlots = openSlots(sameBranch ? pickupBranch : returnBranch, returnDay);
  const pickupSlots = withSaved(pickupOpenSlots, initial.pickupAt.slice(11, 16));
  const returnSlots = withSaved(returnOpenSlots, initial.returnAt.slice(11, 16));
  const minDay = [today, disableReservationsUntil ?? ''].sort().at(-1) || undefined;
  const error = (field: keyof Values) => issueText(formState.errors[field]?.message);
  const branchOptions = branches.map((branch) => ({ value: branch.id, label: branch.name }));

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    startTransition(async () => {
      const chosen = {
        pickupBranch: values.pickupBranch,
        returnBranch: values.sameBranch ? values.pickupBranch : values.returnBranch,
        pickupAt: `${values.pickupDay}T${values.pickupTime}`,
        returnAt: `${values.returnDay}T${values.returnTime}`,
      };
      const result = await callAction(() => onValid(chosen), connectionLost);
      applyServerErrors(result, { pickupAt: 'pickupDay', returnAt: 'returnDay' });
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6" aria-labelledby="step-title" aria-describedby="location-time-zone">
      {/* The time zone is said before the fields it applies to, and so it is painted with the heading. */}
      <div className="space-y-2">
        <Heading id="step-title" className={headingLevel === 'h1' ? 'text-2xl font-bold text-slate-900 sm:text-3xl' : 'text-xl font-bold text-slate-900'}>
          {heading}
        </Heading>
        <p id="location-time-zone" className="text-sm text-slate-600">
          {t('location.timezoneNote')}
        </p>
      </div>
      <FormAlert issue={formError} errorCount={Object.keys(formState.errors).length} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pickupBranch" label={t('location.pickupBranch')} error={error('pickupBranch')} className="sm:col-span-2">
          {(control) => <OptionSelect control={control} options={branchOptions} registration={register('pickupBranch')} />}
        </Field>
        <Checkbox id="sameBranch" label={t('location.sameBranch')} {...register('sameBranch')} className="sm:col-span-2" />
        {sameBranch ? null : (
          <Field id="returnBranch" label={t('location.returnBranch')} error={error('returnBranch')} className="sm:col-span-2">
            {(control) => <OptionSelect control={control} options={branchOptions} registration={register('returnBranch')} />}
          </Field>
        )}
        <Field id="pickupDay" label={t('location.pickupDate')} error={error('pickupDay')} hint={pickupDay === today ? sameDayWarning : undefined}>
          {(control) => <Input {...control} type="date" min={minDay} {...register('pickupDay')} />}
        </Field>
        <Field id="pickupTime" label={t('location.pickupTime')} error={error('pickupTime')} hint={pickupDay && pickupOpenSlots.length === 0 ? t('location.closedThatDay') : undefined}>
          {(control) => <OptionSelect control={control} options={pickupSlots} registration={register('pickupTime')} />}
        </Field>
        <Field id="returnDay" label={t('location.returnDate')} error={error('returnDay')} hint={minimumDaysHint}>
          {(control) => <Input {...control} type="date" min={pickupDay || minDay} {...register('returnDay')} />}
        </Field>
        <Field id="returnTime" label={t('location.returnTime')} error={error('returnTime')} hint={returnDay && returnOpenSlots.length === 0 ? t('location.closedThatDay') : undefined}>
          {(control) => <OptionSelect control={control} options={returnSlots} registration={register('returnTime')} />}
        </Field>
      </div>
      {disabledUntilNote ? <p className="text-sm text-slate-700">{disabledUntilNote}</p> : null}
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {pending ? t('saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}


/** A select of branches or time slots (a slot's value is its label). */
function OptionSelect({ control, options, registration }: { control: ControlProps; options: readonly (string | { value: string; label: string })[]; registration: UseFormRegisterReturn }) {
  return (
    <Select {...control} {...registration}>
      {options.map((option) => {
        const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </Select>
  );
}
