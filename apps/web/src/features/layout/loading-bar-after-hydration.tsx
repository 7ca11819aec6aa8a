'use client';

import { afterHydration } from '@/components/after-hydration';

/** The loading bar (./loading-bar.tsx), with its library fetched once the page has hydrated. */
export const LoadingBar = afterHydration(() => import('./loading-bar').then((module) => module.LoadingBar));
