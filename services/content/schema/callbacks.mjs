// The storefront's callbacks the content service calls (docs/architecture.md, "Callbacks from the content service"):
// POST {storefront}/api/content-callbacks/{kind} with the header x-callback-secret holding that kind's own secret, so
// one kind's secret opens no other. The storefront's side: apps/web/src/content/callbacks.ts.

export const CALLBACK_SECRET_HEADER = 'x-callback-secret';

/** Each kind's secret, by the environment variable both services read. */
export const CALLBACK_SECRET_NAMES = {
  revalidate: 'REVALIDATE_SECRET',
  'account-emails': 'ACCOUNT_EMAILS_SECRET',
  reminders: 'REMINDERS_SECRET',
};

/** The path of one kind of callback on the storefront's origin. */
export function callbackPath(kind) {
  if (!Object.hasOwn(CALLBACK_SECRET_NAMES, kind)) throw new Error(`no callback kind "${kind}"`);
  return `/api/content-callbacks/${kind}`;
}
