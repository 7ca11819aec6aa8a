'use client';

import { LiveTotalLine } from '../live-price';
import { StepActions } from './step-actions';

/**
 * The end of a choosing step: its way back and Continue, with the live total above them on a phone. There the price
 * panel is below the form, so the bar stays at the bottom of the screen while the renter scrolls through the choices
 * (sticky within the form: it ends where the form ends); from 1024 px the panel is beside the form and the bar is a
 * plain row of buttons.
 */
export function StepFooter({ backHref, pending }: { backHref: string; pending: boolean }) {
  return (
    <div
      className="sticky bottom-0 z-20 space-y-3 rounded-t-2xl border border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_16px_rgb(15_23_42/0.12)] lg:static lg:rounded-none lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none"
      data-testid="step-footer"
    >
      <LiveTotalLine />
      <StepActions backHref={backHref} pending={pending} />
    </div>
  );
}
