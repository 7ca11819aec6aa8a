/**
 * Noticing a new build and reloading after a chunk fails to load. Other code uses this feature through this file only.
 */
export { BUILD_ID } from './build-version';
export { BuildWatcher } from './build-watcher';
export { useChunkErrorReload } from './use-chunk-error-reload';
