'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState, useTransition } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { createPrecheckinFormSchema, MAX_ADDITIONAL_DRIVERS, type PrecheckinFormContext, type PrecheckinFormInput } from '@rentacar/domain/precheckin';
import {
  Button,
  callAction,
  connectionLost,
  countFieldErrors,
  domainResolver,
  Field,
  FormAlert,
  Input,
  Select,
  useFocusFirstInvalid,
  useIssueText,
  useServerErrors,
  type FormIssue,
} from '@/shared/forms';
import { savePrecheckinDetails } from '../precheckin-actions';
import { DocumentUpload, type UploadedDocument } from './document-upload';
import { precheckinDraftStorageKey } from './stored-draft';

export type CountryOption = { code: string; name: string };
type Documents = { license?: UploadedDocument; id?: UploadedDocument };
/** The form's values, and the names of the uploaded files (shown beside them; the server never needs them). */
type Values = PrecheckinFormInput & { licenseFileName: string; idFileName: string };

const NEW_DRIVER = { firstName: '', lastName: '', birthday: '', licenseNumber: '', licenseCountry: '', licenseExpiry: '' };

/**
 * The verification form: the main driver's licence and ID with their scans, an optional flight number, other drivers,
 * and the rental terms accepted by typing the name. Checked here with the domain's rules and again on the server.
 * What is typed is kept in this tab's session storage until it is saved, so a refresh loses nothing.
 */
export function VerifyForm({
  locale,
  draftKey,
  context,
  countries,
  askFlight,
  termsHref,
  defaults,
  savedDocuments,
}: {
  locale: string;
  /** Names the typed values in session storage (the reservation number). */
  draftKey: string;
  context: PrecheckinFormContext;
  countries: CountryOption[];
  askFlight: boolean;
  termsHref: string;
  defaults: PrecheckinFormInput;
  savedDocuments: Documents;
}) {
  const t = useTranslations('precheckin.verify');
  const issueText = useIssueText();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const schema = useMemo(() => createPrecheckinFormSchema(context), [context]);
  const initial: Values = { ...defaults, licenseFileName: savedDocuments.license?.name ?? '', idFileName: savedDocuments.id?.name ?? '' };
  const { register, handleSubmit, formState, setError, setValue, control, subscribe, reset } = useForm<Values>({
    resolver: domainResolver(schema),
    defaultValues: initial,
    shouldFocusError: false,
  });
  const formRef = useFocusFirstInvalid(formState);
  const [licenseFile, licenseFileName, idFile, idFileName] = useWatch({ control, name: ['licenseFile', 'licenseFileName', 'idFile', 'idFileName'] });
  const shownDocument = (reference: string | undefined, name: string): UploadedDocument | undefined => (reference ? { reference, name } : undefined);
  const drivers = useFieldArray({ control, name: 'additionalDrivers' });
  const applyServerErrors = useServerErrors(setError, setFormError);
  const storageKey = precheckinDraftStorageKey(draftKey);

  // What this tab typed before a refresh comes back over what the server had saved.
  useEffect(() => {
    const raw = window.sessionStorage.getItem(storageKey);
    if (!raw) return;
    try {
      reset({ ...initial, ...(JSON.parse(raw) as Partial<Values>) });
    } catch {
      window.sessionStorage.removeItem(storageKey);
    }
    // Only on arrival: later changes are the renter's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => window.sessionStorage.setItem(storageKey, JSON.stringify(values)),
      }),
    [subscribe, storageKey],
  );

  const uploaded = (field: 'licenseFile' | 'idFile') => (document: UploadedDocument | undefined) => {
    setValue(`${field}Name`, document?.name ?? '');
    setValue(field, document?.reference ?? '', { shouldValidate: document !== undefined, shouldDirty: true });
  };

  const errorOf = (path: Path<Values>): string | undefined => {
    const parts = path.split('.');
    let node: unknown = formState.errors;
    for (const part of parts) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
    return typeof message === 'string' ? issueText(message) : undefined;
  };

  const countrySelect = (path: Path<Values>, id: string, label: string) => (
    <Field id={id} label={label} error={errorOf(path)}>
      {(controlProps) => (
        <Select {...controlProps} {...register(path)}>
          <option value="">{t('countryPlaceholder')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    startTransition(async () => {
      // Saved, the server moves on to the payment (whose page forgets this tab's copy); only a refusal comes back.
      const result = await callAction(() => savePrecheckinDetails(locale, values), connectionLost);
      if (!result.ok) applyServerErrors(result);
    });
  });

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-8" aria-label={t('title')}>
      <FormAlert issue={formError} errorCount={countFieldErrors(formState.errors)} />

      <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
        <legend className="px-1 text-lg font-bold text-slate-900">{t('licenceTitle')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="licenseNumber" label={t('licenseNumber')} error={errorOf('licenseNumber')}>
            {(controlProps) => <Input {...controlProps} autoComplete="off" {...register('licenseNumber')} />}
          </Field>
          {countrySelect('licenseCountry', 'licenseCountry', t('licenseCountry'))}
          <Field id="licenseExpiry" label={t('licenseExpiry')} hint={t('licenseExpiryHint')} error={errorOf('licenseExpiry')}>
            {(controlProps) => <Input {...controlProps} type="date" autoComplete="off" {...register('licenseExpiry')} />}
          </Field>
          <Field id="idDocument" label={t('idDocument')} error={errorOf('idDocument')}>
            {(controlProps) => <Input {...controlProps} autoComplete="off" {...register('idDocument')} />}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" {...register('licenseFile')} />
          <input type="hidden" {...register('idFile')} />
          <DocumentUpload kind="license" locale={locale} label={t('licenseFile')} value={shownDocument(licenseFile, licenseFileName)} error={errorOf('licenseFile')} onUploaded={uploaded('licenseFile')} />
          <DocumentUpload kind="id" locale={locale} label={t('idFile')} value={shownDocument(idFile, idFileName)} error={errorOf('idFile')} onUploaded={uploaded('idFile')} />
        </div>
        {askFlight ? (
          <Field id="flightNumber" label={t('flightNumber')} hint={t('flightNumberHint')} error={errorOf('flightNumber')} className="sm:max-w-xs">
            {(controlProps) => <Input {...controlProps} autoComplete="off" autoCapitalize="characters" placeholder="CM 123" {...register('flightNumber')} />}
          </Field>
        ) : null}
      </fieldset>

      <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
        <legend className="px-1 text-lg font-bold text-slate-900">{t('driversTitle')}</legend>
        <p className="text-sm text-slate-700">{t('driversIntro', { max: MAX_ADDITIONAL_DRIVERS })}</p>
        {drivers.fields.map((driver, index) => (
          <div key={driver.id} className="space-y-4 rounded-xl border border-slate-200 p-4" data-testid="additional-driver">
            <div className="flex items-center justify-between gap-4">
              <h3 className="font-semibold text-slate-900">{t('driverTitle', { number: index + 1 })}</h3>
              <Button variant="link" onClick={() => drivers.remove(index)}>
                {t('removeDriver', { number: index + 1 })}
              </Button>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`driver-${index}-firstName`} label={t('firstName')} error={errorOf(`additionalDrivers.${index}.firstName`)}>
                {(controlProps) => <Input {...controlProps} autoComplete="off" {...register(`additionalDrivers.${index}.firstName`)} />}
              </Field>
              <Field id={`driver-${index}-lastName`} label={t('lastName')} error={errorOf(`additionalDrivers.${index}.lastName`)}>
                {(controlProps) => <Input {...controlProps} autoComplete="off" {...register(`additionalDrivers.${index}.lastName`)} />}
              </Field>
              <Field id={`driver-${index}-birthday`} label={t('birthday')} error={errorOf(`additionalDrivers.${index}.birthday`)}>
                {(controlProps) => <Input {...controlProps} type="date" autoComplete="off" {...register(`additionalDrivers.${index}.birthday`)} />}
              </Field>
              <Field id={`driver-${index}-licenseNumber`} label={t('licenseNumber')} error={errorOf(`additionalDrivers.${index}.licenseNumber`)}>
                {(controlProps) => <Input {...controlProps} autoComplete="off" {...register(`additionalDrivers.${index}.licenseNumber`)} />}
              </Field>
              {countrySelect(`additionalDrivers.${index}.licenseCountry`, `driver-${index}-licenseCountry`, t('licenseCountry'))}
              <Field id={`driver-${index}-licenseExpiry`} label={t('licenseExpiry')} error={errorOf(`additionalDrivers.${index}.licenseExpiry`)}>
                {(controlProps) => <Input {...controlProps} type="date" autoComplete="off" {...register(`additionalDrivers.${index}.licenseExpiry`)} />}
              </Field>
            </div>
          </div>
        ))}
        {drivers.fields.length < MAX_ADDITIONAL_DRIVERS ? (
          <Button variant="secondary" onClick={() => drivers.append(NEW_DRIVER)}>
            {t('addDriver')}
          </Button>
        ) : null}
      </fieldset>

      <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
        <legend className="px-1 text-lg font-bold text-slate-900">{t('termsTitle')}</legend>
        <p className="text-sm text-slate-700">
          {t.rich('termsIntro', {
            link: (chunks) => (
              <a href={termsHref} target="_blank" rel="noopener" className="font-semibold text-brand underline underline-offset-4">
                {chunks}
              </a>
            ),
          })}
        </p>
        <Field id="acceptedName" label={t('acceptedName', { name: context.mainDriverName })} hint={t('acceptedNameHint')} error={errorOf('acceptedName')} className="sm:max-w-md">
          {(controlProps) => <Input {...controlProps} autoComplete="name" {...register('acceptedName')} />}
        </Field>
      </fieldset>

      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {pending ? t('saving') : t('continue')}
        </Button>
      </div>
    </form>
  );
}
