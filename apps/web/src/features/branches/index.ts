export { displayPhone, phoneHref } from './branch-links';
export { branchesMetadata, BranchesView } from './branches-view';
export { provinceFromParam } from './province-filter';
