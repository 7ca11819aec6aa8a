/** A lower-case ASCII slug of a name (`Citroën C-Élysée` → `citroen-c-elysee`), for addresses and filters. */
export function slugify(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
