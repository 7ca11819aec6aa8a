import { slugify } from '@/lib/slug';
import { decodePathSegment } from '@/lib/path-segment';

/**
 * The branches page's province filter lives in the path: `/sucursales` shows every branch, `/sucursales/provincia/chiriqui`
 * those of one province (`/en/...` in English; routes `sucursales/page.tsx` and `sucursales/provincia/[provincia]`).
 * Each is then a cached static page of its own, reachable by a plain link without JavaScript, and the language switcher
 * carries it over as it carries any path.
 */
export const BRANCHES_PATH = '/sucursales';

/** A province as it appears in the URL: its name slugified (`Panamá Oeste` → `panama-oeste`). */
export type ProvinceSlug = string;
export type BranchesFilter = { province?: ProvinceSlug };

const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

export function provinceSlug(name: string): ProvinceSlug {
  return slugify(name);
}

/** The public path (without locale prefix) of the branches page for a filter. */
export function branchesPath(filter: BranchesFilter): string {
  return filter.province ? `${BRANCHES_PATH}/provincia/${filter.province}` : BRANCHES_PATH;
}

/**
 * The province slug of the route's `[provincia]` value: a typed `Chiriquí` or `CHIRIQUI` is read as `chiriqui`, and the
 * value may arrive URL-encoded. Undefined when nothing like a province name is left (`%%`), which the page answers with
 * a 404.
 */
export function provinceFromParam(value: string): ProvinceSlug | undefined {
  const slug = provinceSlug(decodePathSegment(value));
  return SLUG_PATTERN.test(slug) ? slug : undefined;
}

export type ProvinceOption = { slug: ProvinceSlug; name: string; count: number };

/** The provinces that have a branch, alphabetically in Spanish, each with its name as staff wrote it and its count. */
export function provinceOptions(branches: ReadonlyArray<{ province: string }>): ProvinceOption[] {
  const bySlug = new Map<ProvinceSlug, ProvinceOption>();
  for (const { province } of branches) {
    const slug = provinceSlug(province);
    if (!slug) continue;
    const option = bySlug.get(slug);
    if (option) option.count += 1;
    else bySlug.set(slug, { slug, name: province.trim(), count: 1 });
  }
  return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/**
 * What the page shows for a filter: every branch, one province's, or (a province with no branch, such as a stale link
 * after its last branch closed) every branch with `unknownProvince` set, so the page can say so instead of failing.
 */
export function selectBranches<T extends { province: string }>(
  branches: readonly T[],
  filter: BranchesFilter,
): { branches: readonly T[]; province: ProvinceOption | undefined; unknownProvince: boolean } {
  if (!filter.province) return { branches, province: undefined, unknownProvince: false };
  const province = provinceOptions(branches).find((option) => option.slug === filter.province);
  if (!province) return { branches, province: undefined, unknownProvince: true };
  return { branches: branches.filter((branch) => provinceSlug(branch.province) === province.slug), province, unknownProvince: false };
}
