export { PageViewTracker } from './page-view-tracker';
export { TagManagerScript } from './tag-manager-script';
