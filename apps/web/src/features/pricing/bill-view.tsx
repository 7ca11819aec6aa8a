import NextLink from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

// The bill's markup, with every amount already formatted by the server: rendered by the server pages (BillDetails,
// the sidebar) and, when the renter changes a choice, by the live price panel in the browser (live-price.tsx), so
// both look the same. No directive: it is a server component where a server module renders it, a client one inside
// the live panel; it computes no money.

/** One line of the bill as shown: its label and its amount, formatted. */
export type BillLine = {
  code: string;
  label: string;
  amount: string;
  /** A discount (shown as such). */
  credit: boolean;
  /** An extra the coverage includes (amount 0). */
  included: boolean;
};

/** Why the draft does not price, one entry per reason: what it is about, the message, the step that puts it right. */
export type DraftIssueItem = { key: string; about: string | undefined; message: string; fix: { href: string; label: string } | undefined };

/**
 * What the price panel beside the steps shows: the bill of the choices (`bill`), before a coverage is chosen the
 * lowest total a coverage gives (`from`: no coverage named), or why the draft does not price (`unpriced`).
 */
export type PanelPrice =
  | { kind: 'bill'; lines: BillLine[]; total: string; coverageName: string }
  | { kind: 'from'; total: string }
  | { kind: 'unpriced'; issues: DraftIssueItem[] };

/** The bill: every line, the airport tax line among them, and the all-in total; `status` goes under the total. */
export function BillView({ lines, total, dueAtCounter = false, status }: { lines: readonly BillLine[]; total: string; dueAtCounter?: boolean; status?: ReactNode }) {
  const t = useTranslations('booking');
  return (
    <section aria-labelledby="bill-title" className="space-y-3" data-testid="bill">
      <h2 id="bill-title" className="text-lg font-bold text-slate-900">
        {t('bill.title')}
      </h2>
      <dl className="space-y-1.5 text-sm">
        {lines.map((line) => (
          <div key={line.code} className="flex justify-between gap-4" data-line={line.code} {...(line.included ? { 'data-included': '' } : {})}>
            <dt className="text-slate-700">
              {line.label}
              {/* The label already says it is included (read out once); the badge is for the eye. */}
              {line.included ? (
                <span aria-hidden="true" className="ml-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                  {t('livePrice.included')}
                </span>
              ) : null}
            </dt>
            <dd className={`shrink-0 tabular-nums ${line.credit || line.included ? 'font-semibold text-emerald-800' : 'text-slate-900'}`}>{line.amount}</dd>
          </div>
        ))}
      </dl>
      <div className="flex items-baseline justify-between border-t border-slate-200 pt-3">
        <span className="font-bold text-slate-900">{dueAtCounter ? t('bill.dueAtCounter') : t('bill.total')}</span>
        <span className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="bill-total">
          {total}
        </span>
      </div>
      <p className="text-xs text-slate-600">{t('bill.totalNote')}</p>
      {status}
    </section>
  );
}

/** Before a coverage is chosen: no bill lines and no coverage named, the lowest total a coverage gives. */
export function FromPriceView({ total, status }: { total: string; status?: ReactNode }) {
  const t = useTranslations('booking');
  return (
    <section aria-labelledby="bill-title" className="space-y-3" data-testid="bill">
      <h2 id="bill-title" className="text-lg font-bold text-slate-900">
        {t('bill.title')}
      </h2>
      <div className="flex items-baseline justify-between">
        <span className="font-bold text-slate-900">{t('livePrice.fromTotal')}</span>
        <span className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="bill-total">
          {total}
        </span>
      </div>
      <p className="text-xs text-slate-600">{t('livePrice.fromNote')}</p>
      {status}
    </section>
  );
}

/** Why the draft no longer prices (content changed since a step was saved), each with a link to the step that fixes it. */
export function DraftIssuesView({ issues, status }: { issues: readonly DraftIssueItem[]; status?: ReactNode }) {
  return (
    <div className="space-y-3">
      <ul className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="draft-issues">
        {issues.map((entry) => (
          <li key={entry.key}>
            {entry.about ? <span className="font-semibold">{entry.about}: </span> : null}
            {entry.message}
            {entry.fix ? (
              <>
                {' '}
                <NextLink href={entry.fix.href} className="font-semibold underline underline-offset-4">
                  {entry.fix.label}
                </NextLink>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {status}
    </div>
  );
}

/** The panel's price, whichever kind it is. */
export function PanelPriceView({ price, status }: { price: PanelPrice; status?: ReactNode }) {
  switch (price.kind) {
    case 'bill':
      return <BillView lines={price.lines} total={price.total} status={status} />;
    case 'from':
      return <FromPriceView total={price.total} status={status} />;
    case 'unpriced':
      return <DraftIssuesView issues={price.issues} status={status} />;
  }
}
