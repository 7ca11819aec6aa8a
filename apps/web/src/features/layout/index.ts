export { LoadingBar } from './loading-bar';
export { SiteFooter } from './site-footer';
export { SiteHeader } from './site-header';
