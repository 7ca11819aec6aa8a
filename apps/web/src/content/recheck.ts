import 'server-only';
import { readActivities } from '@directus/sdk';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { revalidateTag } from 'next/cache';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { contentRequest } from './client';
import { ALL_CONTENT_TAG, tagsForCollection } from './cache';

// The storefront's and the content service's clocks may differ a little: look back further than the last check.
const CLOCK_MARGIN_MS = 5 * 60_000;

const lastCheckSchema = z.object({ checkedAt: z.iso.datetime() });

/** Kept beside Next's cache, so it lives and dies with the cache it speaks of. */
function lastCheckFile(): string {
  return join(process.cwd(), serverEnv().distDir, 'cache', 'content-recheck.json');
}

async function readLastCheck(): Promise<Date | undefined> {
  try {
    const parsed = lastCheckSchema.safeParse(JSON.parse(await readFile(lastCheckFile(), 'utf8')));
    return parsed.success ? new Date(parsed.data.checkedAt) : undefined;
  } catch {
    return undefined;
  }
}

async function writeLastCheck(checkedAt: Date): Promise<void> {
  const file = lastCheckFile();
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ checkedAt: checkedAt.toISOString() }));
}

const activitySchema = z.array(z.object({ collection: z.string() }));

/**
 * The cache tags of public collections with any create, update or delete since `since`, from the content service's
 * activity log; all content when its answer is not the expected shape.
 */
async function tagsChangedSince(since: Date): Promise<string[]> {
  const rows = await contentRequest(
    'GET /activity (content changed while the storefront was stopped)',
    readActivities({ fields: ['collection'], filter: { timestamp: { _gt: since.toISOString() } }, groupBy: ['collection'], limit: -1 }),
  );
  const parsed = activitySchema.safeParse(rows);
  if (!parsed.success) return [ALL_CONTENT_TAG];
  return [...new Set(parsed.data.flatMap((row) => tagsForCollection(row.collection)))];
}

export type RecheckResult = { since: string | undefined; tags: string[] };

/**
 * Expires what changed in the content service since the last check, so an edit made while the storefront was stopped
 * (its webhook lost) shows after a restart. Without a record of the last check, the cache's age is unknown and all
 * content is expired. Either way pages keep serving their cached version until the new one is ready.
 */
export async function recheckContent(): Promise<RecheckResult> {
  const checkedAt = new Date();
  const lastCheck = await readLastCheck();
  const since = lastCheck ? new Date(lastCheck.getTime() - CLOCK_MARGIN_MS) : undefined;
  const tags = since ? await tagsChangedSince(since) : [ALL_CONTENT_TAG];
  for (const tag of tags) revalidateTag(tag, 'max');
  await writeLastCheck(checkedAt);
  return { since: since?.toISOString(), tags };
}
