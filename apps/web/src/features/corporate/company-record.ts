import 'server-only';
import { readItem } from '@directus/sdk';
import { z } from 'zod';
import { contentRequest } from '@/features/content/content-client';
import { ContentServiceError } from '@/features/content/content-error';

/** The `corporate_accounts` collection, reshaped: a company with a negotiated rate for its agents' bookings. */
export type Company = { id: string; name: string; discountPercent: number };

const id = z.union([z.string(), z.number()]).transform(String);
export const companySchema = z.object({ id, name: z.string(), discount_percent: z.union([z.number(), z.string()]).nullish(), status: z.string().nullish() });

/** An unpublished (archived, draft) company books at no rate: undefined. */
export function toCompany(row: z.infer<typeof companySchema>): Company | undefined {
  if (row.status && row.status !== 'published') return undefined;
  const percent = Number(row.discount_percent ?? 0);
  return { id: row.id, name: row.name, discountPercent: Number.isFinite(percent) && percent >= 0 && percent <= 100 ? percent : 0 };
}

export const COMPANY_FIELDS = ['id', 'name', 'discount_percent', 'status'];

/**
 * A company as the storefront reads it, fresh (a rate staff change applies to the next price): for pricing an agent's
 * booking and re-pricing a corporate reservation changed later. Undefined when it is gone or unpublished.
 */
export async function readCompany(companyId: string): Promise<Company | undefined> {
  try {
    return toCompany(companySchema.parse(await contentRequest('GET /items/corporate_accounts', readItem('corporate_accounts', companyId, { fields: COMPANY_FIELDS }))));
  } catch (error) {
    if (error instanceof ContentServiceError && (error.statusCode === 403 || error.statusCode === 404)) return undefined;
    throw error;
  }
}
