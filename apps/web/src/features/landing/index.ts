/** The landing's search form and call-to-action blocks. Other code uses this feature through this file only. */
export { CtaBlocks } from './cta-blocks';
export { SearchForm } from './search-form';
export type { SearchDriverAge } from './search-form';
export { SEARCH_FORM_LABELS } from './search-form-labels';
export type { SearchFormLabels } from './search-form-labels';
export { SectionHeading } from './section-heading';
