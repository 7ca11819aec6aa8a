/** Button looks, shared by the Button component and by links and plain buttons (server components, forms that work without script). */
const VARIANTS = {
  primary: 'bg-brand text-white shadow-sm hover:brightness-110 disabled:opacity-60',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:opacity-60',
  ghost: 'text-slate-800 hover:bg-slate-100',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:opacity-60',
  link: 'min-h-0 px-0 py-0 text-brand underline underline-offset-4 hover:no-underline',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

/** Classes of a button (also for links that look like one). */
export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  const base =
    variant === 'link'
      ? 'inline-flex items-center gap-1 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'
      : 'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
  return `${base} ${VARIANTS[variant]} ${extra}`.trim();
}
