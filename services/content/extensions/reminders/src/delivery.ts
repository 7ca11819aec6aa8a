// Handing one reminder to the storefront, which writes and sends the e-mail: POST {origin}/api/content-callbacks/reminders
// with the header x-callback-secret: REMINDERS_SECRET (the reminders' own secret, schema/callbacks.mjs). The origin is
// the revalidate callback's (STOREFRONT_REVALIDATE_URL): the storefront's address the content service already calls.
//
// What came of it decides what happens to the claim on the reservation:
//   - `sent`: the storefront answered 2xx, the e-mail is out;
//   - `not_sent`: it surely went nowhere (no connection could be made, or the storefront answered that it did not send
//     it: a refusal, its mailer failing): the claim is released, and the next run tries again;
//   - `unknown`: it may have gone (no answer in time, the connection cut after the request, a gateway timeout): the
//     claim is kept, so the renter never gets it twice; the log says so.
import { CALLBACK_SECRET_HEADER } from '../../shared/schema';
import { REMINDERS_PATH, type ReminderPayload } from './payload';

export const STOREFRONT_TIMEOUT_MS = 20_000;

export type DeliveryOutcome = { outcome: 'sent' } | { outcome: 'not_sent' | 'unknown'; reason: string };

export type Deliver = (payload: ReminderPayload) => Promise<DeliveryOutcome>;

/** The storefront's reminders callback on the origin of its revalidate callback, or null without a usable one. */
export function remindersUrl(revalidateUrl: string | undefined): string | null {
  if (!revalidateUrl) return null;
  try {
    const url = new URL(REMINDERS_PATH, revalidateUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

// The connection was never made: nothing reached the storefront.
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** A failed fetch, read: whether the request surely never left, and why it failed. */
export function failureOutcome(error: unknown): DeliveryOutcome {
  const failure = (error ?? {}) as { name?: unknown; message?: unknown; cause?: { code?: unknown } | null };
  if (failure.name === 'TimeoutError') return { outcome: 'unknown', reason: `no answer within ${STOREFRONT_TIMEOUT_MS / 1000} s` };
  const code = failure.cause?.code;
  if (typeof code === 'string' && NEVER_CONNECTED.has(code)) return { outcome: 'not_sent', reason: code };
  const reason = typeof code === 'string' && code ? code : typeof failure.message === 'string' ? failure.message : String(error);
  return { outcome: 'unknown', reason };
}

/** The storefront's answer, read: 2xx sent; a gateway's timeout unknown; any other answer is the storefront's "not sent". */
export function answerOutcome(status: number, body: string): DeliveryOutcome {
  if (status >= 200 && status <= 299) return { outcome: 'sent' };
  let detail = '';
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string') detail = `: ${parsed.error.slice(0, 200)}`;
  } catch {
    // Not the storefront's JSON (a proxy's page): the status says enough.
  }
  return { outcome: status === 504 ? 'unknown' : 'not_sent', reason: `the storefront answered ${status}${detail}` };
}

export function createDelivery({ url, secret }: { url: string; secret: string }): Deliver {
  return async (payload) => {
    let response: globalThis.Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CALLBACK_SECRET_HEADER]: secret },
        body: JSON.stringify(payload),
        redirect: 'manual',
        signal: AbortSignal.timeout(STOREFRONT_TIMEOUT_MS),
      });
    } catch (error) {
      return failureOutcome(error);
    }
    const body = await response.text().catch(() => '');
    return answerOutcome(response.status, body);
  };
}
