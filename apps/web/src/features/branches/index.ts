/**
 * Branch pages, their province filter and opening hours, phone formats. Other code uses this feature through this file
 * only.
 */
export { displayPhone, fullAddress, mapUrl, phoneHref } from './branch-links';
export { branchesMetadata, BranchesView } from './branches-view';
export { hoursOnDate } from './day-hours';
export type { DayHoursLabels } from './day-hours';
export { BookAtBranchView, bookAtBranchMetadata } from './book-at-branch';
export { provinceFromParam } from './province-filter';
