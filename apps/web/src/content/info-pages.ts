import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import { assetUrl, contentRequest } from './client';
import { cachedContentRead } from './cache';
import { contentRichText, type SafeHtml } from './rich-text';
import { fileField, localize, optionalText, translationRow, type Localized } from './fields';

const infoPageSchema = z.object({
  id: z.union([z.number(), z.string()]),
  slug: z.string(),
  page_category: z.string().nullish(),
  show_corporate_form: z.boolean().nullish(),
  translations: z.array(translationRow({ title: optionalText, content: optionalText, page_image: fileField })).nullish(),
});

export type InfoPage = {
  id: string;
  slug: string;
  category: string;
  showCorporateForm: boolean;
  text: Localized<{ title: string; content: SafeHtml; imageUrl: string | undefined }>;
};

function reshape(raw: z.infer<typeof infoPageSchema>): InfoPage {
  return {
    id: String(raw.id),
    slug: raw.slug,
    category: raw.page_category ?? 'general',
    showCorporateForm: raw.show_corporate_form ?? false,
    text: localize(
      raw.translations,
      (row) => ({ title: row.title, content: contentRichText(row.content), imageUrl: assetUrl(row.page_image) }),
      { title: '', content: contentRichText(''), imageUrl: undefined },
    ),
  };
}

async function fetchInfoPages(): Promise<InfoPage[]> {
  const rows = await contentRequest(
    'GET /items/info_pages',
    readItems('info_pages', {
      filter: { status: { _eq: 'published' } },
      fields: ['id', 'slug', 'page_category', 'show_corporate_form', 'sort', 'translations.*'],
      sort: ['sort', 'slug'],
      limit: -1,
    }),
  );
  return rows.map((row) => reshape(infoPageSchema.parse(row)));
}

// The key names the sanitised shape: entries a build that cached raw HTML wrote are never read.
const cachedInfoPages = cachedContentRead(fetchInfoPages, 'infoPages', 'info-pages-sanitised');

/** The settings a page's text may name in braces, so a number staff set once is the number every page states. */
export type InfoPageSettings = { refundBusinessDays: number };

/**
 * A page's text with its placeholders filled from the brand's settings: `{refund_business_days}` (the terms' refund
 * delay) becomes the site config's number. Only digits go in, so the text stays as safe as it was sanitised.
 */
export function withSiteSettings(html: SafeHtml, settings: InfoPageSettings): SafeHtml {
  return html.replaceAll('{refund_business_days}', String(Math.trunc(settings.refundBusinessDays))) as SafeHtml;
}

/** Every published info page (for the footer, the sitemap and lookups by slug). */
export async function getInfoPages(): Promise<InfoPage[]> {
  return cachedInfoPages();
}
