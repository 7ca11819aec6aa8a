import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, forwardRef } from 'react';

export const CONTROL_CLASS =
  'mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700 border-slate-300 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand';

/** What a control needs to be tied to its label, hint and error. */
export type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/**
 * A labelled form field: the label, an optional hint, and the error announced to screen readers (role=alert), all
 * tied to the control by id. `children` receives the attributes to spread on the control.
 */
export function Field({ id, label, hint, error, children, className = '' }: { id: string; label: ReactNode; hint?: ReactNode; error?: string; children: (control: ControlProps) => ReactNode; className?: string }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's error: empty until there is one, then announced. */
export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className = '', ...props }, ref) {
  return <input ref={ref} className={`${CONTROL_CLASS} ${className}`} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className = '', ...props }, ref) {
  return <select ref={ref} className={`${CONTROL_CLASS} ${className}`} {...props} />;
});

/** A checkbox with its label beside it, and its error under it. */
export const Checkbox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string }>(function Checkbox({ id, label, error, className = '', ...props }, ref) {
  const errorId = error && id ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="flex items-start gap-3 text-sm text-slate-800">
        <input ref={ref} id={id} type="checkbox" aria-invalid={Boolean(error)} aria-describedby={errorId} className="mt-0.5 size-5 shrink-0 accent-brand" {...props} />
        <span>{label}</span>
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
});
