'use client';

import { useEffect } from 'react';

/** Where the verification form keeps what this tab typed until the server has it. */
export function precheckinDraftStorageKey(reservationNumber: string): string {
  return `precheckin:${reservationNumber}`;
}

/** Rendered once the details are saved: the tab's copy of them is forgotten. */
export function ForgetStoredDraft({ reservationNumber }: { reservationNumber: string }) {
  useEffect(() => {
    window.sessionStorage.removeItem(precheckinDraftStorageKey(reservationNumber));
  }, [reservationNumber]);
  return null;
}
