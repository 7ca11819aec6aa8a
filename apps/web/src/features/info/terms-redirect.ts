import { decodePathSegment } from '@/lib/path-segment';

export const TERMS_SLUG = 'terminos-y-condiciones';
export const TERMS_PATH = `/info/${TERMS_SLUG}`;

/** What an address that means the terms page may contain, once lower-cased and without accents. */
export const TERMS_TEXTS = ['terminos-y-condiciones', 'terminos-condiciones', 'terms-and-conditions', 'terms-conditions'];

function normalise(path: string): string {
  const decoded = decodePathSegment(path);
  return decoded.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[\s_]+/g, '-');
}

/** True when a path (without locale prefix) mentions terms and conditions but is not the terms page itself. */
export function shouldRedirectToTerms(pathWithoutLocale: string): boolean {
  const path = normalise(pathWithoutLocale).replace(/\/+$/, '');
  if (path === TERMS_PATH) return false;
  return TERMS_TEXTS.some((text) => path.includes(text));
}
