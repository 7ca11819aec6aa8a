import type { ReactNode } from 'react';

/**
 * A group of choices as a fieldset with its legend and its error (announced); each option is a real radio input, so
 * arrow keys move between them.
 */
export function RadioGroup({ legend, error, errorId, children, className = '', legendClassName = 'text-lg font-bold text-slate-900' }: { legend: ReactNode; error?: string; errorId: string; children: ReactNode; className?: string; legendClassName?: string }) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className={className}>
      <legend className={legendClassName}>{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
