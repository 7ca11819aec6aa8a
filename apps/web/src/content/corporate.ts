import 'server-only';
import { customEndpoint, readItem } from '@directus/sdk';
import { z } from 'zod';
import type { Brand } from '@rentacar/domain/brands';
import type { CorporateLead } from '@rentacar/domain/corporate';
import { contentRequest } from './client';
import { ContentServiceError } from './errors';

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

/** A company's request for a corporate plan (`corporate_leads`), written through POST /booking/leads (write only). */
export async function saveLead(lead: CorporateLead, brand: Brand, sourcePage: string): Promise<void> {
  const record = {
    company: lead.company,
    contact_name: lead.contactName,
    email: lead.email,
    phone: lead.phone,
    fleet_size: lead.fleetSize,
    message: lead.message,
    brand,
    source_page: sourcePage,
  };
  await contentRequest('POST /booking/leads', customEndpoint<unknown>({ path: '/booking/leads', method: 'POST', body: JSON.stringify(record) }));
}
