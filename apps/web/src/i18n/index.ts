/** Links, dates and the page's locale in the renter's language. Other code uses this feature through this file only. */
export { formatContentDate, formatPanamaDateTimeForRenter } from './format-date';
export { Link } from './localized-link';
export { enterLocale } from './request-locale';
export { RememberLocale } from './remember-locale';
