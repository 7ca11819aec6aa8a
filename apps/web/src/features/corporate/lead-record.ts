import 'server-only';
import { createItem } from '@directus/sdk';
import type { CorporateLead } from '@rentacar/domain/corporate';
import type { Brand } from '@rentacar/domain/brands';
import { contentRequest } from '@/features/content/content-client';

/** The `corporate_leads` collection: the only code that knows its field names. Written with the storefront's token. */
export async function saveLead(lead: CorporateLead, brand: Brand, sourcePage: string): Promise<void> {
  await contentRequest(
    'POST /items/corporate_leads',
    createItem(
      'corporate_leads',
      {
        company: lead.company,
        contact_name: lead.contactName,
        email: lead.email,
        phone: lead.phone,
        fleet_size: lead.fleetSize,
        message: lead.message,
        brand,
        source_page: sourcePage,
      },
      { fields: ['id'] },
    ),
  );
}
