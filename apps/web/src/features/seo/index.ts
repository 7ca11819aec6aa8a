export { pageAlternates } from './alternates';
export { catalogueMetadata } from './catalogue-metadata';
