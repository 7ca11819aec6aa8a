// The dollars of the amounts the dashboards sum (docs/admin-dashboards.md, "Amounts"): Directus' Insights panels
// aggregate a field as it is stored and format the figure (a prefix, a currency, decimals), but cannot divide cents by
// 100. So the content service keeps beside each amount in cents its copy in dollars (the domain's `centsToDollars`):
// `reservations.total_usd` from `total`, `payments.amount_usd` from `amount`, written with the amount by the hooks of
// index.ts, and filled at start for rows older than the field.
import { centsToDollars, isCents } from '@rentacar/domain/money';
import type { Knex } from '../../shared/directus';
import { isPlainObject } from '../../shared/endpoint';

/** The amounts in cents kept in dollars: collection, the amount's field, its dollars' field. */
export const DOLLAR_COPIES = [
  { collection: 'reservations', cents: 'total', dollars: 'total_usd' },
  { collection: 'payments', cents: 'amount', dollars: 'amount_usd' },
] as const;

export type DollarCopy = (typeof DOLLAR_COPIES)[number];

const dollarsOf = (value: unknown): number | null => (isCents(value) ? centsToDollars(value) : null);

/**
 * A create or update payload with the dollars of its amount, when it writes the amount (on create, the amount's default
 * of 0 when it is left out). A payload that does not touch the amount is left as it is.
 */
export function withDollars(copy: DollarCopy, payload: unknown, { create }: { create: boolean }): unknown {
  if (!isPlainObject(payload)) return payload;
  const { [copy.dollars]: _ignored, ...rest } = payload;
  if (copy.cents in payload) return { ...rest, [copy.dollars]: dollarsOf(payload[copy.cents]) };
  return create ? { ...rest, [copy.dollars]: 0 } : rest;
}

/** Fills the dollars of the rows that have an amount and no dollars yet (older than the field); how many rows. */
export async function backfillDollars(db: Knex, copy: DollarCopy): Promise<number> {
  const amounts = (await db(copy.collection).distinct(copy.cents).whereNull(copy.dollars).whereNotNull(copy.cents)) as Record<string, unknown>[];
  let filled = 0;
  for (const row of amounts) {
    const cents = Number(row[copy.cents]);
    const dollars = dollarsOf(cents);
    if (dollars === null) continue;
    const updated: unknown = await db(copy.collection).where(copy.cents, cents).whereNull(copy.dollars).update({ [copy.dollars]: dollars });
    filled += Number(updated) || 0;
  }
  return filled;
}
