export { getInfoPage } from './info-page';
export { InfoPageView } from './info-page-view';
export { shouldRedirectToTerms, TERMS_PATH } from './terms-redirect';
