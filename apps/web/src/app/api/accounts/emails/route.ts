import { NextResponse, type NextRequest } from 'next/server';
import { serverEnv } from '@/lib/env';
import { isValidSecret } from '@/features/content/revalidation';
import { loadAppData } from '@/features/content/app-data';
import { accountEmailSchema, linkProblem, sendAccountEmail } from '@/features/accounts/account-emails';

/**
 * The content service hands an account email here (password reset, invitation, registration check) to be sent by the
 * storefront's mailer. Authenticated with the content service's webhook secret (REVALIDATE_SECRET), as revalidation.
 */
export async function POST(request: NextRequest) {
  const { revalidateSecret, siteUrl } = serverEnv();
  if (!revalidateSecret) return NextResponse.json({ error: 'Account emails are not configured: set REVALIDATE_SECRET' }, { status: 503 });
  if (!isValidSecret(request.headers.get('x-content-webhook-secret'), revalidateSecret)) {
    return NextResponse.json({ error: 'Invalid or missing x-content-webhook-secret header' }, { status: 401 });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return NextResponse.json({ error: 'Body must be JSON: { "kind", "to", "url", "language"? }' }, { status: 400 });
  }
  const parsed = accountEmailSchema.safeParse(body);
  if (!parsed.success) {
    return NextResponse.json({ error: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ') }, { status: 400 });
  }
  const problem = linkProblem(parsed.data, siteUrl);
  if (problem) return NextResponse.json({ error: problem }, { status: 422 });
  const { site } = await loadAppData();
  try {
    await sendAccountEmail(parsed.data, site.siteName);
  } catch (error) {
    console.error(`[accounts] the ${parsed.data.kind} email could not be sent`, error);
    return NextResponse.json({ error: 'The email could not be sent' }, { status: 502 });
  }
  return NextResponse.json({ sent: true }, { status: 202 });
}
