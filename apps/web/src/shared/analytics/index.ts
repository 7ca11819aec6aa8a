/** Page views and events for the brand's tag manager. Other code uses this feature through this file only. */
export { PageViewTracker } from './page-view-tracker';
export { TagManagerScript } from './tag-manager-script';
