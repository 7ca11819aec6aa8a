/** Info pages and the terms redirect. Other code uses this feature through this file only. */
export { getInfoPage } from './info-page';
export { InfoPageView } from './info-page-view';
export { shouldRedirectToTerms, TERMS_PATH, TERMS_TEXTS } from './terms-redirect';
