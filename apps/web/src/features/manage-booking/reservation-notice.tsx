'use client';

import { useEffect, useId, useRef } from 'react';
import type { NoticeMessage } from '@/features/reservations';
import { useRenterActed } from './manage-focus';

/**
 * What a change or a cancellation did, as the page tells it: a title, the new dates and money line by line, and a
 * note once the e-mail went out. Announced to screen readers as it appears; right after the renter's own change or
 * cancellation its title takes the focus, so that the result is read and in sight rather than off-screen.
 */
export function ReservationNoticePanel({ notice, testId }: { notice: NoticeMessage; testId: string }) {
  const { acted } = useRenterActed();
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (acted) title.current?.focus();
  }, [acted]);
  return (
    <section aria-labelledby={titleId} className="space-y-2 rounded-2xl border border-emerald-300 bg-emerald-50 p-5" data-testid={testId} role="status">
      <h2 id={titleId} ref={title} tabIndex={-1} className="text-lg font-bold text-slate-900">
        {notice.title}
      </h2>
      <ul className="space-y-1 text-sm text-slate-800">
        {notice.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {notice.note ? <p className="text-sm text-slate-600">{notice.note}</p> : null}
    </section>
  );
}
