import 'server-only';
import { NextResponse } from 'next/server';
import { serverEnv } from '@/lib/env';
import { contentCallback, loadAppData } from '@/content';
import { logFor } from '@/lib/log';
import { accountEmailSchema, linkProblem, sendAccountEmail } from './account-emails';

const log = logFor('accounts');

/**
 * The callback kind `account-emails` (`POST /api/content-callbacks/account-emails`, docs/architecture.md): the content
 * service hands an account email here (password reset, invitation, registration check) to be sent by the storefront's
 * mailer (services/content/extensions/account-emails), authenticated with that kind's own secret.
 */
export const accountEmailCallback = contentCallback('account-emails', {
  schema: accountEmailSchema,
  shape: '{ "kind", "to", "url", "language"? }',
  handle: async (email) => {
    const problem = linkProblem(email, serverEnv().siteUrl);
    if (problem) return NextResponse.json({ error: problem }, { status: 422 });
    const { site } = await loadAppData();
    try {
      await sendAccountEmail(email, site.siteName);
    } catch (error) {
      log.error({ err: error }, `the ${email.kind} email could not be sent`);
      return NextResponse.json({ error: 'The email could not be sent' }, { status: 502 });
    }
    return NextResponse.json({ sent: true }, { status: 202 });
  },
});
