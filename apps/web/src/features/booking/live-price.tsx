'use client';

import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { callAction } from '@/shared/forms';
import { previewDraftPrice, type PanelPriceResult } from './booking-actions';
import { PanelPriceView, type PanelPrice } from '@/features/pricing';

/** The open step's choices the panel is priced with: the coverage step's, or the extras step's. */
export type PriceChoices = { coverageId: string; era: boolean } | { extras: { code: string; quantity: number }[]; deliveryOptionId: string };

type Status = 'current' | 'updating' | 'failed';
type LiveState = { price: PanelPrice; status: Status; announcement: string };
type LivePrice = { state: LiveState; choose: (choices: PriceChoices) => void };

const LivePriceContext = createContext<LivePrice | null>(null);

/**
 * How long the choices must rest before they are priced: a renter going through the coverages with the arrow keys, or
 * changing a quantity twice, gets one price and one announcement, not one per key press.
 */
const SETTLE_MS = 350;

const UNREACHABLE = (): PanelPriceResult => ({ ok: false });

/**
 * The price panel's state while the renter chooses: each change of the open step's choices is priced by the server
 * (`previewDraftPrice`, nothing saved) and the panel shows the answer. Only the latest change's answer counts. When it
 * cannot be priced (the connection dropped, the content service is down), the last price stays, marked as not updated.
 * Without JavaScript the panel is the server's render of the saved draft, updated by Continue.
 */
export function LivePriceProvider({ locale, initial, children }: { locale: string; initial: PanelPrice; children: ReactNode }) {
  const t = useTranslations('booking.livePrice');
  const [state, setState] = useState<LiveState>({ price: initial, status: 'current', announcement: '' });
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = useCallback(
    (choices: PriceChoices) => {
      latest.current += 1;
      const request = latest.current;
      setState((current) => ({ ...current, status: 'updating' }));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void callAction(() => previewDraftPrice(locale, choices), UNREACHABLE).then((result) => {
          if (request !== latest.current) return;
          setState((current) =>
            result.ok
              ? { price: result.price, status: 'current', announcement: announcementOf(result.price, t) }
              : { ...current, status: 'failed', announcement: t('failed') },
          );
        });
      }, SETTLE_MS);
    },
    [locale, t],
  );

  const value = useMemo(() => ({ state, choose }), [state, choose]);
  return <LivePriceContext.Provider value={value}>{children}</LivePriceContext.Provider>;
}

function announcementOf(price: PanelPrice, t: ReturnType<typeof useTranslations<'booking.livePrice'>>): string {
  switch (price.kind) {
    case 'bill':
      return t('announce', { total: price.total });
    case 'from':
      return t('announceFrom', { total: price.total });
    case 'unpriced':
      return price.issues.map((entry) => (entry.about ? `${entry.about}: ${entry.message}` : entry.message)).join(' ');
  }
}

/** Prices the step's choices in the panel whenever they change (not at first render: the panel already shows them). */
export function useLivePrice(choices: PriceChoices): void {
  const live = useContext(LivePriceContext);
  const choose = live?.choose;
  const key = JSON.stringify(choices);
  const shown = useRef(key);
  useEffect(() => {
    if (!choose || key === shown.current) return;
    shown.current = key;
    choose(JSON.parse(key) as PriceChoices);
  }, [choose, key]);
}

/**
 * The panel's price as the renter chooses. The text of the polite live region changes once per priced change (the new
 * total) or failure, so a screen reader hears each settled price once; the old price stays on screen while the new one
 * is priced, so nothing jumps.
 */
export function LivePanelPrice() {
  const t = useTranslations('booking.livePrice');
  const live = useContext(LivePriceContext);
  if (!live) return null;
  const { price, status, announcement } = live.state;
  const note =
    status === 'failed' ? (
      <p className="text-sm font-semibold text-amber-900" data-testid="price-not-updated">
        {t('failed')}
      </p>
    ) : null;
  return (
    <div aria-busy={status === 'updating'} className={status === 'updating' ? 'opacity-60 transition-opacity' : 'transition-opacity'} data-price-status={status}>
      <PanelPriceView price={price} status={note} />
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="price-announcement">
        {announcement}
      </p>
    </div>
  );
}

/** The coverage among the booking's facts: the one being chosen (none before a choice), live like the bill. */
export function LiveCoverageFact({ saved }: { saved: string | undefined }) {
  const t = useTranslations('booking.summary');
  const live = useContext(LivePriceContext);
  const price = live?.state.price;
  const name = price === undefined || price.kind === 'unpriced' ? saved : price.kind === 'bill' ? price.coverageName : undefined;
  if (!name) return null;
  return (
    <div>
      <dt className="font-semibold text-slate-600">{t('coverage')}</dt>
      <dd className="text-slate-900" data-testid="summary-coverage">
        {name}
      </dd>
    </div>
  );
}

/**
 * On a phone the panel is below the form: the step's total, live like the panel, in the bar with Continue that stays
 * in view (steps/step-footer.tsx), with a link down to the details. Not a live region (the panel's announces each
 * settled price once). Hidden where the panel is beside the form, and when the draft does not price.
 */
export function LiveTotalLine() {
  const t = useTranslations('booking');
  const live = useContext(LivePriceContext);
  const price = live?.state.price;
  if (!price || price.kind === 'unpriced') return null;
  return (
    <p className="flex items-baseline justify-between gap-4 text-slate-900 lg:hidden" data-testid="step-total">
      <span>
        <span className="font-bold">{price.kind === 'from' ? t('livePrice.fromTotal') : t('bill.total')}</span>{' '}
        <span className={`text-lg font-bold tabular-nums ${live.state.status === 'updating' ? 'opacity-60' : ''}`}>{price.total}</span>
      </span>
      <a href="#bill-title" className="text-sm font-semibold text-brand underline underline-offset-4">
        {t('livePrice.seeDetails')}
      </a>
    </p>
  );
}
