'use client';

import { useEffect, useRef, type ReactNode } from 'react';

/** A page's main heading that takes the focus when the page opens: a screen reader reads the result at once. */
export function FocusHeading({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 ref={heading} id={id} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
