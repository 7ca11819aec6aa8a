'use client';

import { useSyncExternalStore } from 'react';
import { formatPanamaDateTime, isAlwaysOpen, openingStatusAt, type LocalDateTime, type OpeningHours, type OpeningStatus } from '@rentacar/domain/dates';
import { openNowText, type OpenNowLabels } from './open-now';

// One clock for every badge on the page: it ticks just after each minute starts, and again when the tab comes back
// into view (a sleeping tab's timers stop, and the renter must not read an answer from when they left).
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function notify() {
  for (const listener of listeners) listener();
}

function scheduleTick() {
  timer = setTimeout(() => {
    notify();
    scheduleTick();
  }, 60_000 - (Date.now() % 60_000) + 50);
}

function onVisibilityChange() {
  if (document.visibilityState === 'visible') notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    scheduleTick();
    document.addEventListener('visibilitychange', onVisibilityChange);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(timer);
    timer = undefined;
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

/** The Panama minute now: the same string all minute long, so a tick re-renders a badge only when the minute changed. */
const panamaMinute = (): LocalDateTime => formatPanamaDateTime(new Date());
/** On the server and during hydration: no clock. The page is cached HTML, and the minute it was rendered is not now. */
const noClock = (): LocalDateTime => '';

const ALWAYS_OPEN: OpeningStatus = { open: true, closesAt: null };

/**
 * 'Open now' or 'Closed now' with when that changes, computed in the browser from the branch's hours in Panama time
 * and re-checked every minute. The cached HTML carries only what is true at any moment: the badge of a branch open
 * round the clock, else an empty line of the badge's height (the weekly hours beside it say the rest).
 */
export function OpenNowBadge({ hours, labels }: { hours: OpeningHours; labels: OpenNowLabels }) {
  const now = useSyncExternalStore(subscribe, panamaMinute, noClock);
  const status = isAlwaysOpen(hours) ? ALWAYS_OPEN : now ? openingStatusAt(hours, now) : null;
  if (!status) return <div className="min-h-7" data-testid="open-now" data-state="pending" />;
  const text = openNowText(status, now.slice(0, 10), labels);
  const open = text.state === 'open';
  return (
    <p className="flex min-h-7 flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="open-now" data-state={text.state}>
      <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${open ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}>
        <span aria-hidden="true" className={`size-2 rounded-full ${open ? 'bg-emerald-600' : 'bg-slate-500'}`} />
        {text.badge}
      </span>
      {text.detail ? (
        <span className="text-slate-700">
          <span className="sr-only">, </span>
          {text.detail}
        </span>
      ) : null}
    </p>
  );
}
