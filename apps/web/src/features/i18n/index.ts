export { formatContentDate, formatPanamaDateTimeForRenter } from './format-date';
export { Link } from './localized-link';
export { enterLocale } from './request-locale';
