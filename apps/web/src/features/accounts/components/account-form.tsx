'use client';

import { useState, useTransition } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import { loginSchema, newPasswordSchema, passwordRequestSchema, registrationSchema } from '@rentacar/domain/accounts';
import {
  Button,
  callAction,
  connectionLost,
  domainResolver,
  Field,
  FormAlert,
  Input,
  useIssueText,
  useServerErrors,
  type FormIssue,
} from '@/shared/forms';
import type { AccountFormResult } from '../account-actions';

// Chosen by name: a schema cannot travel from the server page to this client component.
const SCHEMAS = { login: loginSchema, registration: registrationSchema, passwordRequest: passwordRequestSchema, newPassword: newPasswordSchema } as const;
export type AccountFormKind = keyof typeof SCHEMAS;

export type AccountField = {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  hint?: string;
};

/**
 * One of the corporate area's forms (login, registration, password request and reset, invitation): the domain's schema
 * in the browser, the server action again on submit, each refusal under its field or above the form and announced.
 * Done, the form gives way to `doneMessage` (a login's action redirects instead).
 */
export function AccountForm<Values extends FieldValues>({
  action,
  kind,
  fields,
  submitLabel,
  title,
  doneMessage,
}: {
  action: (values: Values) => Promise<AccountFormResult>;
  kind: AccountFormKind;
  fields: AccountField[];
  submitLabel: string;
  title: string;
  doneMessage?: string;
}) {
  const issueText = useIssueText();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormIssue>();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<Values>({ resolver: domainResolver<Values>(SCHEMAS[kind]), shouldFocusError: true });
  const applyServerErrors = useServerErrors(setError, setFormError);
  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    startTransition(async () => {
      const result = await callAction(() => action(values), connectionLost);
      if (result.ok) setDone(true);
      else applyServerErrors(result);
    });
  });
  if (done && doneMessage) {
    return (
      <p role="status" className="max-w-lg rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
        {doneMessage}
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-lg space-y-4" aria-label={title}>
      <FormAlert issue={formError} errorCount={Object.keys(formState.errors).length} />
      {fields.map((field) => (
        <Field key={field.name} id={`account-${field.name}`} label={field.label} hint={field.hint} error={issueText(errorMessage(formState.errors, field.name))}>
          {(control) => <Input {...control} type={field.type} autoComplete={field.autoComplete} {...register(field.name as Path<Values>)} />}
        </Field>
      ))}
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}

function errorMessage(errors: Record<string, unknown>, name: string): string | undefined {
  const entry = errors[name];
  return typeof entry === 'object' && entry !== null && 'message' in entry && typeof entry.message === 'string' ? entry.message : undefined;
}
