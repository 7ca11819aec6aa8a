import { NextResponse, type NextRequest } from 'next/server';
import * as z from 'zod/mini';
import { createJobApplicationSchema, MAX_CV_BYTES } from '@rentacar/domain/jobs';
import { normalizePhone } from '@rentacar/domain/validation';
import { isLocale, type Locale } from '@/i18n/routing';
import { apiLocale, errorResponse, withBookingErrors } from '@/shared/api';
import { issue, type BookingIssue, type IssueMessage } from '@/lib/issues';
import { zodIssueParams } from '@/shared/forms';
import { hitRateLimit, storeApplication } from '@/content';
import { clientAddress } from '@/lib/client-address';

/** Applications per client address in an hour: a person applies to a few offers; more is a script. */
const APPLICATION_LIMIT = { name: 'job-application', limit: 5, windowSeconds: 60 * 60 };
/** Room for the other fields and the multipart envelope around the largest CV. */
const MAX_BODY_BYTES = MAX_CV_BYTES + 64 * 1024;

const FILE_PROBLEMS: Record<'too_large' | 'type' | 'empty', { status: number; message: IssueMessage; code: string }> = {
  too_large: { status: 413, message: 'jobs.errors.cvTooLarge', code: 'file_too_large' },
  type: { status: 415, message: 'jobs.errors.cvType', code: 'file_type_not_allowed' },
  empty: { status: 400, message: 'jobs.errors.cvEmpty', code: 'file_empty' },
};

function cvProblem(kind: keyof typeof FILE_PROBLEMS, locale: Locale): NextResponse {
  const { status, message, code } = FILE_PROBLEMS[kind];
  return errorResponse(status, [issue('cv', message, kind === 'too_large' ? { megabytes: MAX_CV_BYTES / (1024 * 1024) } : undefined, code)], locale);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

/**
 * POST /api/jobs/applications?locale=es (multipart: `job`, `name`, `email`, `phone`, `message`, `cv`): applies to an
 * open offer with a PDF CV of at most 5 MB, stored privately in the content service. 201 `{ ok: true }`; otherwise
 * `{ errors: [{ field, code, message }] }` in the page's language: 422 for the fields, 413 / 415 / 400 for the CV,
 * 404 for an offer no longer open, 429 past the limit per client.
 */
export async function POST(request: NextRequest) {
  const requested = request.nextUrl.searchParams.get('locale');
  const locale = requested && isLocale(requested) ? requested : apiLocale(request);
  return withBookingErrors(locale, async () => {
    const declared = Number(request.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return cvProblem('too_large', locale);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return errorResponse(400, [issue('body', 'jobs.errors.uploadFailed', undefined, 'invalid_multipart')], locale);
    }
    const job = text(form, 'job') ?? '';
    const parsed = z.safeParse(createJobApplicationSchema({ normalizePhone }), { name: text(form, 'name'), email: text(form, 'email'), phone: text(form, 'phone'), message: text(form, 'message') });
    const issues: BookingIssue[] = parsed.success
      ? []
      : parsed.error.issues.map((entry) => issue(entry.path.map(String).join('.'), entry.message as IssueMessage, zodIssueParams(entry)));
    if (!/^[1-9][0-9]{0,15}$/.test(job)) issues.push(issue('job', 'jobs.errors.jobClosed', undefined, 'job_not_open'));
    const cv = form.get('cv');
    if (!(cv instanceof Blob)) issues.push(issue('cv', 'jobs.errors.cvRequired', undefined, 'cv_required'));
    if (!parsed.success || issues.length > 0 || !(cv instanceof Blob)) return errorResponse(422, issues, locale);
    if (cv.size > MAX_CV_BYTES) return cvProblem('too_large', locale);
    if (cv.size === 0) return cvProblem('empty', locale);

    const limit = await hitRateLimit(APPLICATION_LIMIT, clientAddress(request.headers));
    if (!limit.allowed) {
      return errorResponse(429, [issue('form', 'booking.errors.rateLimited', { seconds: limit.retryAfterSeconds }, 'rate_limited')], locale, { 'Retry-After': String(limit.retryAfterSeconds) });
    }
    const stored = await storeApplication(job, parsed.data, cv);
    if (stored.ok) return NextResponse.json({ ok: true }, { status: 201 });
    switch (stored.problem) {
      case 'too_large':
      case 'type':
      case 'empty':
        return cvProblem(stored.problem, locale);
      case 'job_closed':
        return errorResponse(404, [issue('job', 'jobs.errors.jobClosed', undefined, 'job_not_open')], locale);
      case 'invalid':
        return errorResponse(422, [issue(stored.field, 'booking.errors.invalidValue')], locale);
      case 'unavailable':
        return errorResponse(503, [issue('service', 'booking.errors.serviceUnavailable', undefined, 'service_unavailable')], locale, { 'Retry-After': '30' });
    }
  });
}
