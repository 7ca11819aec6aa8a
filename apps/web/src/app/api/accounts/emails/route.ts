import type { NextRequest } from 'next/server';
import { answerAccountEmail } from '@/features/accounts';

/** POST /api/accounts/emails: an account email the content service hands to the storefront's mailer (docs/accounts.md). */
export async function POST(request: NextRequest) {
  return answerAccountEmail(request);
}
