/** Pages' metadata: alternates and catalogue titles. Other code uses this feature through this file only. */
export { pageAlternates } from './alternates';
export { catalogueMetadata } from './catalogue-metadata';
