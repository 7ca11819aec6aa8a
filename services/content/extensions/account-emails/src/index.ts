// Hook `account-emails`: the corporate agents' account e-mails go out through the storefront, not through Directus'
// mailer (services/content/README.md, "Corporate agents' accounts").
//
// Directus' MailService.send runs the filter `email.send` first and sends nothing when it returns a falsy value. For
// the templates `password-reset`, `user-invitation` and `user-registration` whose link (template.data.url) is one of
// the storefront's account pages (schema/accounts.mjs, on an origin of STOREFRONT_ORIGINS), this hook POSTs
//   { kind: 'password-reset' | 'invitation' | 'registration', to, url, language: 'es' | 'en' }
// to `{origin of the link}/api/content-callbacks/account-emails` with the header `x-callback-secret: ACCOUNT_EMAILS_SECRET`, and
// returns null. An invitation staff send from the admin (Directus' own PUBLIC_URL/admin/accept-invite link) to a user
// whose role is Corporate agent is rewritten to the first storefront origin's invitation page, same token. Every other
// mail passes unchanged.
//
// When the storefront does not answer 2xx within 10 s, the hook logs it and throws. Directus calls MailService.send
// without awaiting it in all three flows (POST /auth/password/request, /users/invite, /users/register) and only logs
// a failure, so the request would answer 204 as if the mail had gone out. The middleware below makes it visible: the
// request runs in an AsyncLocalStorage context, the deliveries it starts are noted there, and its answer waits for
// them (at most the 10 s timeout); if one failed, a 2xx answer becomes 503 `EMAIL_NOT_SENT`. (So while the storefront
// is down, a request about an address with no account still answers 204 and one about an existing account 503.)
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Express } from 'express';
import { defineHook } from '../../shared/define';
import { ids } from '../../shared/directus';
import { ACCOUNT_EMAILS_PATH, CALLBACK_SECRET_HEADER, CALLBACK_SECRET_NAMES, parseOrigins } from '../../shared/schema';
import { directusAdminPage, isPage, languageOf, matchAccountPage, recipientOf, storefrontInvitation, TEMPLATES, type DirectusMail } from './mail';

const STOREFRONT_TIMEOUT_MS = 10_000;

// The requests whose answer waits for the account e-mails they start (GraphQL has the same three mutations).
const WATCHED_PATHS = new Set(['/auth/password/request', '/users/invite', '/users/register', '/graphql/system']);

/** Why a delivery failed, as the log says it. */
function reasonOf(error: unknown): string {
  // fetch rejects with an Error (a DOMException named TimeoutError on the timeout) whose cause carries the socket's code.
  const failure = (error ?? {}) as { name?: string; message?: string; cause?: { code?: string | number } | null };
  if (failure.name === 'TimeoutError') return `no answer within ${STOREFRONT_TIMEOUT_MS / 1000} s`;
  const code = failure.cause?.code;
  if (code !== undefined && code !== null) return String(code);
  return failure.message ?? String(error);
}

export default defineHook(({ filter, init }, { database, logger }) => {
  const origins = parseOrigins(process.env.STOREFRONT_ORIGINS);
  const secret = process.env[CALLBACK_SECRET_NAMES['account-emails']] ?? '';
  const adminInvitePage = directusAdminPage(process.env.PUBLIC_URL, 'accept-invite');
  const requests = new AsyncLocalStorage<{ deliveries: Promise<unknown>[] }>();

  if (!origins.length) logger.warn('account-emails: STOREFRONT_ORIGINS is empty; account e-mails go through Directus\' own mailer');
  else if (!secret) logger.warn('account-emails: ACCOUNT_EMAILS_SECRET is not set; the storefront refuses the account e-mails handed to it');

  init('routes.before', (meta) => {
    const { app } = meta as { app: Express };
    app.use((req, res, next) => {
      if (req.method !== 'POST' || !WATCHED_PATHS.has(req.path)) return next();
      const store = { deliveries: [] as Promise<unknown>[] };
      const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
      const endAfterDeliveries = (...args: unknown[]) => {
        // Directus does not await the mail: let the deliveries this request started reach the filter (they do within
        // the same turn of the event loop), then wait for them before the answer goes out.
        setImmediate(() => {
          Promise.allSettled(store.deliveries).then((outcomes) => {
            const failed = outcomes.some((o) => o.status === 'rejected');
            if (!failed || res.statusCode >= 400 || res.headersSent) return end(...args);
            const body = JSON.stringify({
              errors: [{
                message: 'The e-mail could not be handed to the storefront; nothing was sent. Try again later.',
                extensions: { code: 'EMAIL_NOT_SENT' },
              }],
            });
            res.statusCode = 503;
            res.setHeader('Content-Type', 'application/json; charset=utf-8');
            res.setHeader('Content-Length', Buffer.byteLength(body));
            res.setHeader('Retry-After', '30');
            res.removeHeader('ETag');
            return end(body);
          }).catch(() => end(...args));
        });
        return res;
      };
      res.end = endAfterDeliveries as typeof res.end;
      requests.run(store, next);
    });
  });

  filter('email.send', (mail) => {
    const delivery = deliver(mail as DirectusMail);
    requests.getStore()?.deliveries.push(delivery);
    return delivery;
  });

  /** The mail unchanged (Directus sends it), or null once the storefront took it; rejects when it did not. */
  async function deliver(mail: DirectusMail): Promise<DirectusMail | null> {
    const templateName = mail.template?.name;
    const template = typeof templateName === 'string' ? TEMPLATES[templateName] : undefined;
    const url = mail.template?.data?.url;
    const to = recipientOf(mail.to);
    if (!template || typeof url !== 'string' || !to || !origins.length) return mail;

    const user = (await database('directus_users').select('role', 'language').whereRaw('lower(email) = ?', [to.toLowerCase()]).first()) as
      { role: string | null; language: string | null } | undefined;
    let link = url;
    let page = matchAccountPage(link, origins, template.page);
    if (!page && template.kind === 'invitation' && user?.role === ids.agentRole && isPage(url, adminInvitePage)) {
      // Staff invited an agent from the admin: the agent sets a password on the storefront, not in the admin.
      link = storefrontInvitation(url, origins, languageOf(user.language));
      page = matchAccountPage(link, origins, template.page);
    }
    if (!page) return mail;

    const language = languageOf(user?.language) ?? page.language;
    const endpoint = `${page.origin}${ACCOUNT_EMAILS_PATH}`;
    let response: globalThis.Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CALLBACK_SECRET_HEADER]: secret },
        body: JSON.stringify({ kind: template.kind, to, url: link, language }),
        redirect: 'manual',
        signal: AbortSignal.timeout(STOREFRONT_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      const reason = reasonOf(error);
      logger.error(`account-emails: the ${template.kind} e-mail could not be handed to the storefront at ${endpoint}: ${reason}`);
      throw new Error(`The storefront at ${page.origin} did not take the ${template.kind} e-mail (${reason})`);
    }
    if (response.status < 200 || response.status > 299) {
      logger.error(`account-emails: the storefront at ${endpoint} answered ${response.status} to the ${template.kind} e-mail`);
      throw new Error(`The storefront at ${page.origin} answered ${response.status} to the ${template.kind} e-mail`);
    }
    return null;
  }
});
