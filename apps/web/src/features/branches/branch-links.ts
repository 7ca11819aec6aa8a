/**
 * The id of a branch's section on the branches page: its code (`#PTY`), stable across content edits and languages, so
 * `/sucursales#PTY` can be linked from anywhere. A code with characters an id or a URL fragment would mangle keeps
 * only the safe ones.
 */
export function branchAnchorId(code: string): string {
  const id = code.trim().replace(/[^A-Za-z0-9_-]+/g, '-');
  return /^[A-Za-z]/.test(id) ? id : `branch-${id}`;
}

type Place = { name: string; address: string; city: string; province: string; latitude: number | undefined; longitude: number | undefined };

/**
 * An external map's search for the branch: its coordinates when staff entered them, else its address. Only a link:
 * the page itself loads nothing from the map's site.
 */
export function mapUrl(place: Place): string {
  const url = new URL('https://www.google.com/maps/search/');
  url.searchParams.set('api', '1');
  const { latitude, longitude } = place;
  const hasCoordinates = latitude !== undefined && longitude !== undefined && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  url.searchParams.set(
    'query',
    hasCoordinates ? `${latitude},${longitude}` : [place.name, place.address, place.city, place.province, 'Panamá'].filter(Boolean).join(', '),
  );
  return url.toString();
}

/**
 * The branch's address with its town and province, each left out when it is already the last comma-separated piece of
 * what comes before (staff often end the address with the town: `..., David` in David, Chiriquí; `..., Colón` in Colón,
 * Colón).
 */
export function fullAddress(place: Pick<Place, 'address' | 'city' | 'province'>): string {
  const fold = (text: string) => text.trim().toLocaleLowerCase('es').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const parts: string[] = [];
  for (const part of [place.address, place.city, place.province].map((text) => text.trim())) {
    // The last comma-separated piece, not a suffix: 'Ciudad de Panamá' does not already say the province 'Panamá'.
    const lastPiece = parts.join(', ').split(',').at(-1) ?? '';
    if (part && fold(lastPiece) !== fold(part)) parts.push(part);
  }
  return parts.join(', ');
}

/** `+5072384100` → `+507 238-4100`, the way numbers are written in Panama; any other shape is shown as stored. */
export function displayPhone(phone: string): string {
  const match = /^\+507(\d{3,4})(\d{4})$/.exec(phone.replace(/[\s-]/g, ''));
  return match ? `+507 ${match[1] ?? ''}-${match[2] ?? ''}` : phone;
}

/** The `tel:` link of a phone number as stored, without the spaces and dashes staff may have typed. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
