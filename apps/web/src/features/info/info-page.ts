import 'server-only';
import { getInfoPages, type InfoPage } from '@/content';

/** The info page with this slug; the terms page is the one whose slug contains 'terminos'. */
export async function getInfoPage(slug: string): Promise<InfoPage | undefined> {
  const pages = await getInfoPages();
  const exact = pages.find((page) => page.slug === slug);
  if (exact) return exact;
  if (slug.includes('terminos')) return pages.find((page) => page.slug.includes('terminos'));
  return undefined;
}
