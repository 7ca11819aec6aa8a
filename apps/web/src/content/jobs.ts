import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import { contentRequest } from './client';
import { cachedContentRead } from './cache';
import { contentRichText, type SafeHtml } from './rich-text';
import { localize, optionalText, translationRow, type Localized } from './fields';

const jobSchema = z.object({
  id: z.union([z.number(), z.string()]),
  slug: z.string(),
  employment_type: z.string().nullish(),
  posted_on: z.string().nullish(),
  closing_on: z.string().nullish(),
  branch: z.object({ name: z.string(), city: z.string().nullish() }).nullish(),
  translations: z
    .array(
      translationRow({
        title: optionalText,
        summary: optionalText,
        description: optionalText,
        requirements: z.array(z.string()).nullish().catch([]),
      }),
    )
    .nullish(),
});

export type Job = {
  id: string;
  slug: string;
  employmentType: string;
  postedOn: string | undefined;
  closingOn: string | undefined;
  location: string | undefined;
  text: Localized<{ title: string; summary: string; description: SafeHtml; requirements: string[] }>;
};

async function fetchJobs(): Promise<Job[]> {
  const rows = await contentRequest(
    'GET /items/jobs',
    readItems('jobs', {
      filter: { status: { _eq: 'published' } },
      fields: ['*', 'branch.name', 'branch.city', 'translations.*'],
      sort: ['-posted_on'],
      limit: -1,
    }),
  );
  return rows.map((row) => {
    const raw = jobSchema.parse(row);
    return {
      id: String(raw.id),
      slug: raw.slug,
      employmentType: raw.employment_type ?? 'full_time',
      postedOn: raw.posted_on ?? undefined,
      closingOn: raw.closing_on ?? undefined,
      location: raw.branch ? [raw.branch.name, raw.branch.city].filter(Boolean).join(', ') : undefined,
      text: localize(
        raw.translations,
        (t) => ({ title: t.title, summary: t.summary, description: contentRichText(t.description), requirements: t.requirements ?? [] }),
        { title: '', summary: '', description: contentRichText(''), requirements: [] },
      ),
    };
  });
}

// The key names the sanitised shape: entries a build that cached raw HTML wrote are never read.
const cachedJobs = cachedContentRead(fetchJobs, 'jobs', 'jobs-sanitised');

export async function getJobs(): Promise<Job[]> {
  return cachedJobs();
}
