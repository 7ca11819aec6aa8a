// Hook `account-emails`: the corporate agents' account e-mails go out through the storefront, not through Directus'
// mailer (services/content/README.md, "Corporate agents' accounts").
//
// Directus' MailService.send runs the filter `email.send` first and sends nothing when it returns a falsy value. For
// the templates `password-reset`, `user-invitation` and `user-registration` whose link (template.data.url) is one of
// the storefront's account pages (schema/accounts.mjs, on an origin of STOREFRONT_ORIGINS), this hook POSTs
//   { kind: 'password-reset' | 'invitation' | 'registration', to, url, language: 'es' | 'en' }
// to `{origin of the link}/api/accounts/emails` with the header `x-content-webhook-secret: REVALIDATE_SECRET`, and
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
import { ids } from '../../schema/access.mjs';
import { ACCOUNT_EMAILS_PATH, ACCOUNT_PAGES, matchAccountPage, parseOrigins } from '../../schema/accounts.mjs';

export const STOREFRONT_TIMEOUT_MS = 10_000;

// Directus' template name -> the kind the storefront is told, and the page its link must be on.
const TEMPLATES = {
  'password-reset': { kind: 'password-reset', page: 'reset' },
  'user-invitation': { kind: 'invitation', page: 'invite' },
  'user-registration': { kind: 'registration', page: 'verify' },
};

// The requests whose answer waits for the account e-mails they start (GraphQL has the same three mutations).
const WATCHED_PATHS = new Set(['/auth/password/request', '/users/invite', '/users/register', '/graphql/system']);

export default ({ filter, init }, { database, logger }) => {
  const origins = parseOrigins(process.env.STOREFRONT_ORIGINS);
  const secret = process.env.REVALIDATE_SECRET ?? '';
  const adminInvitePage = directusAdminPage(process.env.PUBLIC_URL, 'accept-invite');
  const requests = new AsyncLocalStorage();

  if (!origins.length) logger.warn('booking: STOREFRONT_ORIGINS is empty; account e-mails go through Directus\' own mailer');

  init('routes.before', ({ app }) => {
    app.use((req, res, next) => {
      if (req.method !== 'POST' || !WATCHED_PATHS.has(req.path)) return next();
      const store = { deliveries: [] };
      const end = res.end;
      res.end = function endAfterDeliveries(...args) {
        // Directus does not await the mail: let the deliveries this request started reach the filter (they do within
        // the same turn of the event loop), then wait for them before the answer goes out.
        setImmediate(() => {
          Promise.allSettled(store.deliveries).then((outcomes) => {
            const failed = outcomes.some((o) => o.status === 'rejected');
            if (!failed || res.statusCode >= 400 || res.headersSent) return end.apply(res, args);
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
            return end.call(res, body);
          }).catch(() => end.apply(res, args));
        });
        return res;
      };
      requests.run(store, next);
    });
  });

  filter('email.send', (mail) => {
    const delivery = deliver(mail);
    requests.getStore()?.deliveries.push(delivery);
    return delivery;
  });

  /** The mail unchanged (Directus sends it), or null once the storefront took it; rejects when it did not. */
  async function deliver(mail) {
    const template = TEMPLATES[mail?.template?.name];
    const url = mail?.template?.data?.url;
    const to = recipientOf(mail?.to);
    if (!template || typeof url !== 'string' || !to || !origins.length) return mail;

    const user = await database('directus_users').select('role', 'language').whereRaw('lower(email) = ?', [to.toLowerCase()]).first();
    let link = url;
    let page = matchAccountPage(link, origins, template.page);
    if (!page && template.kind === 'invitation' && user?.role === ids.agentRole && isPage(url, adminInvitePage)) {
      // Staff invited an agent from the admin: the agent sets a password on the storefront, not in the admin.
      const target = new URL(`${languageOf(user.language) === 'en' ? '/en' : ''}${ACCOUNT_PAGES.invite}`, origins[0]);
      target.searchParams.set('token', new URL(url).searchParams.get('token') ?? '');
      link = target.toString();
      page = matchAccountPage(link, origins, template.page);
    }
    if (!page) return mail;

    const language = languageOf(user?.language) ?? page.language;
    const endpoint = `${page.origin}${ACCOUNT_EMAILS_PATH}`;
    let response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-content-webhook-secret': secret },
        body: JSON.stringify({ kind: template.kind, to, url: link, language }),
        redirect: 'manual',
        signal: AbortSignal.timeout(STOREFRONT_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      const reason = error?.name === 'TimeoutError' ? `no answer within ${STOREFRONT_TIMEOUT_MS / 1000} s` : (error?.cause?.code ?? error?.message ?? String(error));
      logger.error(`booking: the ${template.kind} e-mail could not be handed to the storefront at ${endpoint}: ${reason}`);
      throw new Error(`The storefront at ${page.origin} did not take the ${template.kind} e-mail (${reason})`);
    }
    if (response.status < 200 || response.status > 299) {
      logger.error(`booking: the storefront at ${endpoint} answered ${response.status} to the ${template.kind} e-mail`);
      throw new Error(`The storefront at ${page.origin} answered ${response.status} to the ${template.kind} e-mail`);
    }
    return null;
  }
};

/** Directus' `to` is an address here; also accepts { address } and a one-element list. */
function recipientOf(to) {
  const first = Array.isArray(to) ? to[0] : to;
  const address = typeof first === 'string' ? first : first?.address;
  return typeof address === 'string' && address.includes('@') ? address.trim() : null;
}

/** 'en', 'en-US', 'en-GB' ... -> 'en'; any other set language -> 'es'; none -> null (the link's language decides). */
function languageOf(language) {
  if (typeof language !== 'string' || !language) return null;
  return /^en/i.test(language) ? 'en' : 'es';
}

function directusAdminPage(publicUrl, page) {
  try {
    const url = new URL(`${String(publicUrl ?? '').replace(/\/+$/, '')}/admin/${page}`);
    return url.origin + url.pathname;
  } catch {
    return null;
  }
}

function isPage(url, page) {
  if (!page) return false;
  try {
    const parsed = new URL(url);
    return parsed.origin + parsed.pathname === page;
  } catch {
    return false;
  }
}
