import 'server-only';
import type { JobApplication } from '@rentacar/domain/jobs';
import { logFor } from '@/lib/log';
import { contentFormPost } from './client';

const log = logFor('jobs');

/**
 * An application and its CV, passed to the content service's POST /job-applications, which checks the offer is
 * open, reads the CV's type from its bytes (a PDF only, at most 5 MB), stores it in the private folder "Job
 * applications" and creates the application: all of it or nothing.
 */

export type StoredApplication =
  | { ok: true; id: string }
  | { ok: false; problem: 'too_large' | 'type' | 'empty' | 'job_closed' | 'unavailable' }
  | { ok: false; problem: 'invalid'; field: string };

type Answer = { data?: { id?: unknown }; errors?: { extensions?: { code?: unknown; field?: unknown } }[] } | null;

export async function storeApplication(jobId: string, application: JobApplication, cv: Blob): Promise<StoredApplication> {
  const body = new FormData();
  body.set('job', jobId);
  body.set('name', application.name);
  body.set('email', application.email);
  body.set('phone', application.phone);
  if (application.message) body.set('message', application.message);
  body.set('cv', cv, 'cv');
  const response = await contentFormPost('/job-applications', body, 'POST /job-applications');
  if (!response) return { ok: false, problem: 'unavailable' };
  const answer = response.body as Answer;
  const id = answer?.data?.id;
  if (response.status === 201 && (typeof id === 'number' || typeof id === 'string')) return { ok: true, id: String(id) };
  const code = answer?.errors?.[0]?.extensions?.code;
  const field = answer?.errors?.[0]?.extensions?.field;
  if (response.status === 413) return { ok: false, problem: 'too_large' };
  if (response.status === 415) return { ok: false, problem: 'type' };
  if (code === 'FILE_EMPTY') return { ok: false, problem: 'empty' };
  if (response.status === 404) return { ok: false, problem: 'job_closed' };
  if (response.status === 400 && typeof field === 'string') return { ok: false, problem: 'invalid', field };
  // The codes only: the answer may quote what the applicant wrote.
  log.error({ status: response.status, codes: answer?.errors?.map((error) => error.extensions?.code) }, `the content service refused an application: ${response.status}`);
  return { ok: false, problem: 'unavailable' };
}
