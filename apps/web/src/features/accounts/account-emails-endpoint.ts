import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { serverEnv } from '@/lib/env';
import { loadAppData, readContentWebhook } from '@/content';
import { logFor } from '@/lib/log';
import { accountEmailSchema, linkProblem, sendAccountEmail } from './account-emails';

const log = logFor('accounts');

/**
 * `POST /api/accounts/emails` (the route app/api/accounts/emails): the content service hands an account email here
 * (password reset, invitation, registration check) to be sent by the storefront's mailer. Authenticated with the
 * content service's webhook secret (REVALIDATE_SECRET), as revalidation.
 */
export async function answerAccountEmail(request: NextRequest): Promise<NextResponse> {
  const parsed = await readContentWebhook(request, {
    header: 'x-content-webhook-secret',
    schema: accountEmailSchema,
    feature: 'Account emails',
    shape: '{ "kind", "to", "url", "language"? }',
  });
  if (!parsed.ok) return parsed.response;
  const { siteUrl } = serverEnv();
  const problem = linkProblem(parsed.data, siteUrl);
  if (problem) return NextResponse.json({ error: problem }, { status: 422 });
  const { site } = await loadAppData();
  try {
    await sendAccountEmail(parsed.data, site.siteName);
  } catch (error) {
    log.error({ err: error }, `the ${parsed.data.kind} email could not be sent`);
    return NextResponse.json({ error: 'The email could not be sent' }, { status: 502 });
  }
  return NextResponse.json({ sent: true }, { status: 202 });
}
