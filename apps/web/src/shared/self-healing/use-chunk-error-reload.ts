'use client';

import { useEffect } from 'react';
import { isChunkLoadError } from './build-version';
import { reloadAfterChunkError } from './reload';

/**
 * For an error boundary: a chunk load error reloads the page, once per build and address (the error screen shows
 * for the moment the browser takes to leave, and stays when the guard refuses a second reload).
 */
export function useChunkErrorReload(error: unknown): void {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);
}
