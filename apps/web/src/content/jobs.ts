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
  branch: z
    .object({ name: z.string(), city: z.string().nullish(), translations: z.array(translationRow({ name: optionalText, city: optionalText })).nullish() })
    .nullish(),
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
  /** The branch's name and city in each language (the Spanish ones where staff left a language's empty). */
  location: Localized<string> | undefined;
  text: Localized<{ title: string; summary: string; description: SafeHtml; requirements: string[] }>;
};

function branchLocation(branch: NonNullable<z.infer<typeof jobSchema>['branch']>): Localized<string> {
  const spanish = { name: branch.name, city: branch.city ?? '' };
  const words = (name: string, city: string) => [name.trim() || spanish.name, city.trim() || spanish.city].filter(Boolean).join(', ');
  return localize(branch.translations, (translation) => words(translation.name, translation.city), words('', ''));
}

async function fetchJobs(): Promise<Job[]> {
  const rows = await contentRequest(
    'GET /items/jobs',
    readItems('jobs', {
      filter: { status: { _eq: 'published' } },
      fields: ['*', 'branch.name', 'branch.city', 'branch.translations.languages_code', 'branch.translations.name', 'branch.translations.city', 'translations.*'],
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
      location: raw.branch ? branchLocation(raw.branch) : undefined,
      text: localize(
        raw.translations,
        (t) => ({ title: t.title, summary: t.summary, description: contentRichText(t.description), requirements: t.requirements ?? [] }),
        { title: '', summary: '', description: contentRichText(''), requirements: [] },
      ),
    };
  });
}

// The key names the shape: sanitised, and (since 'jobs-localized-branch') the branch's words in each language.
const cachedJobs = cachedContentRead(fetchJobs, 'jobs', 'jobs-localized-branch');

export async function getJobs(): Promise<Job[]> {
  return cachedJobs();
}
