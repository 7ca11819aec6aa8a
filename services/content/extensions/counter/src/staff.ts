// Who may use /counter, and where each action happens (docs/counter.md): shared by the actions (POST) and the reads (GET).
import { COUNTER_ACTIONS, type RentalAction } from '@rentacar/domain/rentals';
import { ids, type Accountability, type Knex } from '../../shared/directus';

/** Who acts: an administrator (any branch) or a Counter staff member of `branch` (null: none set on the user). */
export type Staff = { user: string | null; branch: number | null; admin: boolean };

/** The caller as counter staff, or why not: 401 without a user, 403 for one who is not Counter staff. */
export async function staffOf(database: Knex, accountability: Accountability | null | undefined): Promise<Staff | 401 | 403> {
  if (!accountability?.user && !accountability?.admin) return 401;
  if (accountability.admin) return { user: accountability.user ?? null, branch: null, admin: true };
  const user = accountability.user;
  if (!user) return 403;
  const roles = accountability.roles ?? (accountability.role ? [accountability.role] : []);
  const isCounter = roles.includes(ids.counterRole) || Boolean(
    await database('directus_access').select('id').where({ policy: ids.counterPolicy })
      .andWhere((query) => {
        void query.where({ user });
        if (roles.length) void query.orWhereIn('role', roles);
      })
      .first(),
  );
  if (!isCounter) return 403;
  const row = (await database('directus_users').select('branch').where({ id: user }).first()) as { branch: unknown } | undefined;
  return { user, branch: branchId(row?.branch), admin: false };
}

/** A branch id as stored (number or numeric text), or null. */
export function branchId(value: unknown): number | null {
  const branch = Number(value);
  return value !== null && value !== undefined && Number.isSafeInteger(branch) && branch > 0 ? branch : null;
}

/**
 * The branch where `action` happens (the domain's `at`): the return branch for a return (the pickup branch when none),
 * else the pickup branch.
 */
export function branchOf(action: RentalAction, row: { pickup_branch: unknown; return_branch: unknown }): number | null {
  return branchId(COUNTER_ACTIONS[action].at === 'return' ? (row.return_branch ?? row.pickup_branch) : row.pickup_branch);
}
