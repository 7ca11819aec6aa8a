export { BUILD_ID } from './build-version';
export { BuildWatcher } from './build-watcher';
export { useChunkErrorReload } from './use-chunk-error-reload';
