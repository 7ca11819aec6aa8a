// A corporate agent's booking names its company (`corporate_account`) and its agent (`agent`), both or neither; the
// pair is checked in the booking's transaction, and the Storefront policy may never write it at /items.
import { CORPORATE_RESERVATION_FIELDS, ids, type Knex } from '../../shared/directus';
import type { ReservationPayload } from './reservation-payload';

/** Why a corporate booking is refused: answered 422 with this code and field. */
export interface CorporateProblem {
  field: string;
  code: string;
  message: string;
}

export type CorporatePair = { account: number; agent: string | number } | { account?: undefined; agent?: undefined };

/**
 * The company and agent of a booking: { account, agent } when both are given, {} when neither is (null counts as not
 * given; the nulls are dropped from the payload, which the Storefront policy could not write), or { problem }.
 */
export function corporateOf(payload: ReservationPayload): CorporatePair | { problem: CorporateProblem } {
  for (const name of CORPORATE_RESERVATION_FIELDS) if (payload[name] === null) delete payload[name];
  const account = payload.corporate_account;
  const agent = payload.agent;
  if (account === undefined && agent === undefined) return {};
  if (agent === undefined) {
    return { problem: { field: 'agent', code: 'CORPORATE_AGENT_REQUIRED', message: '"agent" (the user id of the corporate agent who books) is required with "corporate_account"' } };
  }
  if (account === undefined) {
    return { problem: { field: 'corporate_account', code: 'CORPORATE_ACCOUNT_REQUIRED', message: '"corporate_account" (the agent\'s company) is required with "agent"' } };
  }
  // The payload check made the company an id (an m2o to an integer key) and the agent a user id (a uuid).
  return { account: Number(account), agent: agent as string | number };
}

/**
 * Why a corporate booking is refused, or null: the agent must be an active user with the Corporate agent role whose
 * company is `account`, and that company must be published. Read in the booking's transaction.
 */
export async function refuseCorporate(trx: Knex, { account, agent }: { account: number; agent: string | number }): Promise<CorporateProblem | null> {
  const user = (await trx('directus_users').select('status', 'role', 'corporate_account').where({ id: agent }).first()) as
    { status: string; role: string | null; corporate_account: number | string | null } | undefined;
  if (!user) return { field: 'agent', code: 'AGENT_NOT_FOUND', message: `No user with id ${agent}` };
  if (user.role !== ids.agentRole) return { field: 'agent', code: 'NOT_A_CORPORATE_AGENT', message: 'This user is not a corporate agent' };
  if (user.status !== 'active') return { field: 'agent', code: 'AGENT_NOT_ACTIVE', message: `This agent's account is not active (${user.status})` };
  if (user.corporate_account === null || user.corporate_account === undefined) {
    return { field: 'agent', code: 'AGENT_WITHOUT_COMPANY', message: 'This agent is not linked to a corporate account yet' };
  }
  if (Number(user.corporate_account) !== account) {
    return { field: 'corporate_account', code: 'CORPORATE_ACCOUNT_MISMATCH', message: `The agent does not belong to corporate account ${account}` };
  }
  const company = (await trx('corporate_accounts').select('status').where({ id: account }).first()) as { status: string } | undefined;
  if (!company) return { field: 'corporate_account', code: 'CORPORATE_ACCOUNT_NOT_FOUND', message: `No corporate account with id ${account}` };
  if (company.status !== 'published') {
    return { field: 'corporate_account', code: 'CORPORATE_ACCOUNT_NOT_ACTIVE', message: `Corporate account ${account} is not active (${company.status})` };
  }
  return null;
}
