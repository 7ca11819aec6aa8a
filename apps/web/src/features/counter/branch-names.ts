import 'server-only';
import { getBranches, type CounterBranch } from '@/content';
import type { Locale } from '@/i18n/routing';

/**
 * A counter branch's name in the staff member's language: the counter's routes give the branch's Spanish name, staff
 * may read the counter in English, and the branches' translations are the storefront's (staff's English, else Spanish).
 */
export async function counterBranchNames(locale: Locale): Promise<(branch: CounterBranch | null) => string | null> {
  const branches = await getBranches(locale);
  const names = new Map(branches.map((branch) => [branch.code, branch.name]));
  return (branch) => (branch ? ((branch.code ? names.get(branch.code) : undefined) ?? branch.name) : null);
}
