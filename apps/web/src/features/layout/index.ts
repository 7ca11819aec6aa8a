/** The page chrome: header, footer, loading bar. Other code uses this feature through this file only. */
export { LoadingBar } from './loading-bar-after-hydration';
export { SiteFooter } from './site-footer';
export { SiteHeader } from './site-header';
