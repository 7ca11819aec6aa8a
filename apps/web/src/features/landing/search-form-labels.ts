/** Catalogue keys (namespace `landing`) of the search form's labels, translated on the server and passed as props. */
export const SEARCH_FORM_LABELS = [
  'searchTitle',
  'pickupBranch',
  'returnBranch',
  'sameBranch',
  'pickupDate',
  'pickupTime',
  'returnDate',
  'returnTime',
  'chooseBranch',
  'search',
  'timezoneNote',
] as const;
export type SearchFormLabels = Record<(typeof SEARCH_FORM_LABELS)[number], string>;
