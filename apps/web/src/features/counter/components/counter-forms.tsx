'use client';

import { useTranslations, type Messages } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState, useTransition, type BaseSyntheticEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { centsToDecimalString, formatMoney } from '@rentacar/domain/money';
import {
  blankCounterForm,
  COUNTER_ACTIONS,
  COUNTER_PHOTO_TYPES,
  DEPOSIT_METHODS,
  FUEL_EIGHTHS_MAX,
  MAX_COUNTER_PHOTO_BYTES,
  MAX_COUNTER_PHOTOS,
  type CounterActionForm,
  type RentalAction,
} from '@rentacar/domain/rentals';
import { formatPlate } from '@rentacar/domain/vehicles';
import { Button, callAction, connectionLost, CONTROL_CLASS, domainResolver, encodeIssue, Field, FieldError, FormAlert, Input, RadioGroup, Select, useIssueText, useServerErrors, type FormIssue, type FormResult } from '@/shared/forms';
import type { Locale } from '@/i18n/routing';
import type { CounterActionResult, CounterBill } from '../actions';

/**
 * The counter's forms (docs/counter.md, "At the counter"): hand the car over, take it back, collect what the return
 * left due, mark a no-show. Each is checked with the domain's schema as typed, sent to its server action with its
 * photos, and keeps what was typed when refused: the reasons under their fields, or above the form, announced. Each
 * action of the domain's `COUNTER_ACTIONS` has its form in `COUNTER_ACTION_FORMS` at the end of this file.
 */

type Actions = {
  pickup: (number: string, form: FormData) => Promise<CounterActionResult>;
  giveBack: (number: string, form: FormData) => Promise<CounterActionResult>;
  collect: (number: string, method: string) => Promise<CounterActionResult>;
  noShow: (number: string) => Promise<CounterActionResult>;
};

const Done = ({ children }: { children: ReactNode }) => (
  <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 font-medium text-emerald-900">
    {children}
  </p>
);

/** The fuel gauge: nine radio buttons (empty, 1/8 … full), arrow keys move between them. */
function FuelGauge<Values extends FieldValues>({ name, register, error, idPrefix }: { name: Path<Values>; register: UseFormRegister<Values>; error: string | undefined; idPrefix: string }) {
  const t = useTranslations('counterActions.fuel');
  return (
    <RadioGroup legend={t('legend')} legendClassName="text-sm font-semibold text-slate-800" error={error} errorId={`${idPrefix}-fuel-error`}>
      <div className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-9">
        {Array.from({ length: FUEL_EIGHTHS_MAX + 1 }, (_, eighths) => (
          <label key={eighths} className="flex min-h-11 cursor-pointer items-center justify-center gap-1 rounded-lg border border-slate-300 px-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand">
            <input type="radio" value={String(eighths)} className="accent-brand" {...register(name)} />
            {t(`levels.${String(eighths) as '0'}`)}
          </label>
        ))}
      </div>
    </RadioGroup>
  );
}

/** Several photos from the camera (a phone or tablet opens it) or the gallery; checked for count, size and type here. */
function PhotoPicker({ id, files, onChange, error }: { id: string; files: File[]; onChange: (files: File[], error: string | undefined) => void; error: string | undefined }) {
  const t = useTranslations('counterActions');
  const errors = useTranslations('counterActions.errors');
  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (chosen.length > MAX_COUNTER_PHOTOS) return onChange([], errors('photoCount', { max: MAX_COUNTER_PHOTOS }));
    if (chosen.some((file) => file.size > MAX_COUNTER_PHOTO_BYTES)) return onChange([], errors('photoTooLarge'));
    if (chosen.some((file) => !(COUNTER_PHOTO_TYPES as readonly string[]).includes(file.type))) return onChange([], errors('photoType'));
    return onChange(chosen, undefined);
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {t('photos')}
      </label>
      <input
        id={id}
        name="photos"
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={`${CONTROL_CLASS} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:font-semibold`}
        onChange={(event) => choose(event.currentTarget.files)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t('photosHint', { max: MAX_COUNTER_PHOTOS, mb: MAX_COUNTER_PHOTO_BYTES / 1024 / 1024 })} <span aria-live="polite">{t('photosChosen', { count: files.length })}</span>
      </p>
      <FieldError id={error ? `${id}-error` : undefined} message={error} />
    </div>
  );
}

function useCounterForm() {
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string>();
  const issueText = useIssueText();
  /** Sends the form with its photos; a refusal goes under its fields (the photos' under the picker) or above the form. */
  const submit = (send: () => Promise<CounterActionResult>, serverErrors: (result: FormResult) => void, onDone: () => void) => {
    setFormError(undefined);
    startTransition(async () => {
      const result = await callAction(send, connectionLost);
      if (!result.ok) {
        if (result.errors.photos) setPhotoError(issueText(encodeIssue(result.errors.photos)));
        const { photos: _photos, ...rest } = result.errors;
        serverErrors({ ok: false, errors: rest, ...(result.formError ? { formError: result.formError } : {}) });
        return;
      }
      onDone();
    });
  };
  return { pending, formError, setFormError, photos, setPhotos, photoError, setPhotoError, issueText, submit };
}

function formDataOf(values: Record<string, string>, photos: readonly File[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  for (const photo of photos) body.append('photos', photo);
  return body;
}

/**
 * An action's form as the domain describes it: checked with its schema as typed (every field empty at first), sent
 * with the photos chosen, its refusals under its fields or above it.
 */
function useActionForm<Values extends Record<string, string>>(
  form: CounterActionForm<Values, unknown>,
  send: (body: FormData) => Promise<CounterActionResult>,
  onDone: () => void,
  prefilled: Partial<Values> = {},
  /** A check of this screen beyond the schema's: the field and the message key it refuses, or null. */
  check: (values: Values) => { field: Path<Values>; message: string } | null = () => null,
) {
  const state = useCounterForm();
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: domainResolver(form.schema),
    defaultValues: { ...blankCounterForm(form), ...prefilled } as DefaultValues<Values>,
  });
  const serverErrors = useServerErrors(setError, state.setFormError);
  const onSubmit = handleSubmit((values) => {
    const refused = check(values);
    if (refused) return setError(refused.field, { message: refused.message });
    return state.submit(() => send(formDataOf(values, state.photos)), serverErrors, onDone);
  });
  const error = (name: Path<Values>) => state.issueText(formState.errors[name]?.message as string | undefined);
  const errorCount = Object.keys(formState.errors).length + (state.photoError ? 1 : 0);
  return { ...state, register, onSubmit, error, errorCount };
}

type ActionFormState = ReturnType<typeof useCounterForm> & { onSubmit: (event?: BaseSyntheticEvent) => Promise<void>; errorCount: number };

/** The frame of an action's form: its title, the summary of what to correct, its fields, the submit button. */
function ActionFormFrame({ id, testId, title, submit, form, children }: { id: string; testId: string; title: string; submit: string; form: ActionFormState; children: ReactNode }) {
  const t = useTranslations('counterActions');
  return (
    <form onSubmit={(event) => void form.onSubmit(event)} noValidate aria-labelledby={`${id}-title`} className="space-y-4" data-testid={testId}>
      <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {title}
      </h3>
      <FormAlert issue={form.formError} errorCount={form.errorCount} />
      {children}
      <Button type="submit" pending={form.pending}>
        {form.pending ? t('saving') : submit}
      </Button>
    </form>
  );
}

/** The photos of an action's form. */
function ActionPhotos({ id, form }: { id: string; form: ActionFormState }) {
  return (
    <PhotoPicker
      id={`${id}-photos`}
      files={form.photos}
      error={form.photoError}
      onChange={(files, problem) => {
        form.setPhotos(files);
        form.setPhotoError(problem);
      }}
    />
  );
}

/**
 * Hand the car over: the plate of the car (required when the booking has its car assigned: the content service checks
 * it is that car), mileage, fuel, notes, photos, and a deposit taken at the counter (optional). `proposedDeposit`
 * (cents): the coverage's deposit the renter was told at checkout, filled in as the amount and said in its hint.
 */
export function PickupForm({ number, locale, proposedDeposit = null, vehicle = null, action }: {
  number: string;
  locale: Locale;
  proposedDeposit?: number | null;
  /** The booking's assigned car: its plate is asked for and checked at the handover. */
  vehicle?: { plate: string } | null;
  action: Actions['pickup'];
}) {
  const t = useTranslations('counterActions');
  const id = useId();
  const router = useRouter();
  const [done, setDone] = useState(false);
  const prefilled = proposedDeposit === null ? {} : { depositAmount: centsToDecimalString(proposedDeposit) };
  const form = useActionForm(
    COUNTER_ACTIONS.pickup.form,
    (body) => action(number, body),
    () => {
      setDone(true);
      router.refresh();
    },
    prefilled,
    (values) => (vehicle !== null && values.plate.trim() === '' ? { field: 'plate', message: 'counterActions.errors.plateRequired' } : null),
  );
  if (done) return <Done>{t('pickup.done')}</Done>;
  const { register, error } = form;
  return (
    <ActionFormFrame id={id} testId="pickup-form" title={t('pickup.title')} submit={t('pickup.submit')} form={form}>
      <Field
        id={`${id}-plate`}
        label={t('pickup.plate')}
        hint={vehicle !== null ? t('pickup.plateHint', { plate: formatPlate(vehicle.plate) }) : t('pickup.plateHintNone')}
        error={error('plate')}
      >
        {(control) => <Input {...control} autoComplete="off" autoCapitalize="characters" spellCheck={false} {...(vehicle !== null ? { 'aria-required': true } : {})} {...register('plate')} />}
      </Field>
      <Field id={`${id}-mileage`} label={t('mileage')} error={error('mileage')}>
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...register('mileage')} />}
      </Field>
      <FuelGauge name="fuelEighths" register={register} error={error('fuelEighths')} idPrefix={id} />
      <Field id={`${id}-notes`} label={t('pickup.notes')} error={error('notes')}>
        {(control) => <textarea {...control} rows={3} className={CONTROL_CLASS} {...register('notes')} />}
      </Field>
      <ActionPhotos id={id} form={form} />
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('pickup.deposit')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id={`${id}-deposit`}
            label={t('pickup.depositAmount')}
            hint={proposedDeposit === null ? t('amountHint') : `${t('pickup.depositProposed', { amount: formatMoney(proposedDeposit, locale) })} ${t('amountHint')}`}
            error={error('depositAmount')}
          >
            {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...register('depositAmount')} />}
          </Field>
          <Field id={`${id}-deposit-method`} label={t('pickup.depositMethod')} error={error('depositMethod')}>
            {(control) => (
              <Select {...control} {...register('depositMethod')}>
                <option value="">{t('pickup.depositNone')}</option>
                {DEPOSIT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t(`depositMethods.${method}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      </fieldset>
    </ActionFormFrame>
  );
}

/** Take the car back: mileage, fuel, damage, photos, and what to keep of the deposit; then the charges step. */
export function ReturnForm({ number, locale, deposit, action, onReturned }: { number: string; locale: Locale; deposit: number | null; action: Actions['giveBack']; onReturned?: () => void }) {
  const t = useTranslations('counterActions');
  const id = useId();
  const router = useRouter();
  const form = useActionForm(COUNTER_ACTIONS.return.form, (body) => action(number, body), () => {
    onReturned?.();
    router.refresh();
  });
  const { register, error } = form;
  return (
    <ActionFormFrame id={id} testId="return-form" title={t('return.title')} submit={t('return.submit')} form={form}>
      <Field id={`${id}-mileage`} label={t('mileage')} error={error('mileage')}>
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...register('mileage')} />}
      </Field>
      <FuelGauge name="fuelEighths" register={register} error={error('fuelEighths')} idPrefix={id} />
      <Field id={`${id}-damage-notes`} label={t('return.damageNotes')} error={error('damageNotes')}>
        {(control) => <textarea {...control} rows={3} className={CONTROL_CLASS} {...register('damageNotes')} />}
      </Field>
      <Field id={`${id}-damage-amount`} label={t('return.damageAmount')} hint={t('amountHint')} error={error('damageAmount')}>
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...register('damageAmount')} />}
      </Field>
      <ActionPhotos id={id} form={form} />
      {deposit !== null && deposit > 0 ? (
        <Field id={`${id}-deposit-kept`} label={t('return.depositKept', { amount: formatMoney(deposit, locale) })} hint={t('return.depositKeptHint')} error={error('depositKept')}>
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...register('depositKept')} />}
        </Field>
      ) : null}
    </ActionFormFrame>
  );
}

/**
 * What the return left due, and how staff collect it: the card on file (only offered when there is one; a decline is
 * shown and the other ways stay), at the counter, or left due. The receipt goes to the renter after this step.
 */
export function ChargesStep({ number, locale, bill, cardOnFile, action }: { number: string; locale: Locale; bill: CounterBill; cardOnFile: boolean; action: Actions['collect'] }) {
  const t = useTranslations('counterActions.charges');
  const id = useId();
  const router = useRouter();
  const issueText = useIssueText();
  const [pending, startTransition] = useTransition();
  const [problem, setProblem] = useState<string>();
  const [outcome, setOutcome] = useState<{ collected: number; due: number; receipt: string | undefined }>();
  const [declined, setDeclined] = useState(false);
  const money = (cents: number) => formatMoney(cents, locale);
  const collect = (method: 'card_on_file' | 'counter' | 'none') =>
    startTransition(async () => {
      setProblem(undefined);
      const result = await callAction(() => action(number, method), connectionLost);
      if (!result.ok) {
        const issue = result.formError ?? Object.values(result.errors)[0];
        setProblem(issueText(issue ? encodeIssue(issue) : undefined));
        if (method === 'card_on_file') setDeclined(true);
        return;
      }
      setOutcome({ collected: result.collected ?? 0, due: result.bill?.due ?? 0, receipt: result.receipt });
      router.refresh();
    });
  const receiptText = (receipt: string | undefined) => (receipt === 'sent' ? t('receiptSent') : receipt === 'sent-before' ? t('receiptBefore') : receipt === 'failed' ? t('receiptFailed') : undefined);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid="charges-step">
      <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {t('title')}
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>{t('extraCharges')}</dt>
        <dd className="text-right tabular-nums">{money(bill.charges.total)}</dd>
        <dt>{t('total')}</dt>
        <dd className="text-right tabular-nums">{money(bill.total)}</dd>
        <dt>{t('paid')}</dt>
        <dd className="text-right tabular-nums">{money(bill.paid)}</dd>
        {bill.refunded > 0 ? (
          <>
            <dt>{t('refunded')}</dt>
            <dd className="text-right tabular-nums">{money(bill.refunded)}</dd>
          </>
        ) : null}
        {bill.deposit && bill.deposit.kept > 0 ? (
          <>
            <dt>{t('depositKept')}</dt>
            <dd className="text-right tabular-nums">{money(bill.deposit.kept)}</dd>
          </>
        ) : null}
      </dl>
      <div role="alert" aria-live="assertive" className="empty:hidden">
        {problem ? <p className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">{problem}</p> : null}
      </div>
      {outcome ? (
        <Done>
          {outcome.collected > 0 ? t('collected', { amount: money(outcome.collected) }) : null} {outcome.due > 0 ? t('left', { amount: money(outcome.due) }) : null} {receiptText(outcome.receipt)}
        </Done>
      ) : bill.due > 0 ? (
        <>
          <p className="text-lg font-semibold" data-testid="amount-due">
            {t('due', { amount: money(bill.due) })}
          </p>
          <div className="flex flex-wrap gap-2">
            {cardOnFile && !declined ? (
              <Button pending={pending} onClick={() => collect('card_on_file')}>
                {t('card')}
              </Button>
            ) : null}
            <Button variant={cardOnFile && !declined ? 'secondary' : 'primary'} pending={pending} onClick={() => collect('counter')}>
              {t('counter')}
            </Button>
            <Button variant="secondary" pending={pending} onClick={() => collect('none')}>
              {t('leave')}
            </Button>
          </div>
        </>
      ) : (
        <p role="status">{t('nothingDue')}</p>
      )}
    </section>
  );
}

/** No-show, behind a confirmation: the unit is freed and it cannot be undone. */
export function NoShowButton({ number, action }: { number: string; action: Actions['noShow'] }) {
  const t = useTranslations('counterActions.noShow');
  const id = useId();
  const router = useRouter();
  const issueText = useIssueText();
  const [asking, setAsking] = useState(false);
  const [pending, startTransition] = useTransition();
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState(false);
  if (done) return <Done>{t('done')}</Done>;
  const confirm = () =>
    startTransition(async () => {
      const result = await callAction(() => action(number), connectionLost);
      if (!result.ok) {
        const issue = result.formError ?? Object.values(result.errors)[0];
        setProblem(issueText(issue ? encodeIssue(issue) : undefined));
        return;
      }
      setDone(true);
      router.refresh();
    });
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2" data-testid="no-show">
      <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {t('title')}
      </h3>
      <div role="alert" aria-live="assertive" className="empty:hidden">
        {problem ? <p className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">{problem}</p> : null}
      </div>
      {asking ? (
        <div role="group" aria-labelledby={`${id}-confirm`} className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p id={`${id}-confirm`}>{t('confirm', { number })}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" pending={pending} onClick={confirm}>
              {t('yes')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('no')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('button')}
        </Button>
      )}
    </section>
  );
}

/**
 * What every action's form is given (props of a client component: only what a form needs, never the whole
 * reservation, whose lines and renter would travel to the browser), and `send`, which records the action.
 */
export type CounterActionFormProps = {
  number: string;
  locale: Locale;
  /** The deposit taken at pickup (cents), for the return's "keep of the deposit". */
  deposit: number | null;
  /** The deposit of the reservation's coverage for its car (cents), which the pickup form proposes; null: none known. */
  proposedDeposit?: number | null;
  /** The booking's assigned car, whose plate the pickup checks; null: none assigned. */
  vehicle?: { plate: string } | null;
  send: (number: string, form: FormData) => Promise<CounterActionResult>;
};

/**
 * Each counter action's form on the reservation page, with the namespace of its texts (`counterActions.<messages>`:
 * at least `title` and `done`); the type asks for one per action of the domain's `COUNTER_ACTIONS`.
 */
export const COUNTER_ACTION_FORMS: { [Action in RentalAction]: { messages: keyof Messages['counterActions']; Form: (props: CounterActionFormProps) => ReactNode } } = {
  pickup: { messages: 'pickup', Form: ({ number, locale, proposedDeposit, vehicle, send }) => <PickupForm number={number} locale={locale} proposedDeposit={proposedDeposit ?? null} vehicle={vehicle ?? null} action={send} /> },
  return: { messages: 'return', Form: ({ number, locale, deposit, send }) => <ReturnForm number={number} locale={locale} deposit={deposit} action={send} /> },
  no_show: { messages: 'noShow', Form: ({ number, send }) => <NoShowButton number={number} action={(confirmed) => send(confirmed, new FormData())} /> },
};

/** The form of `action`, recorded through `send` (the server action `counterAction`). */
export function CounterActionForm({ action, send, ...props }: Omit<CounterActionFormProps, 'send'> & { action: RentalAction; send: (action: string, number: string, form: FormData) => Promise<CounterActionResult> }) {
  const { Form } = COUNTER_ACTION_FORMS[action];
  return <Form {...props} send={(number, form) => send(action, number, form)} />;
}
