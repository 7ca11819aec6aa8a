import 'server-only';
import { logFor } from '@/lib/log';
import { CALLBACK_SECRET_HEADER, callbackPath } from './callbacks';

const log = logFor('content');

const FIRST_RETRY_MS = 5000;
const LONGEST_RETRY_MS = 5 * 60_000;
/** While the server itself does not answer yet (it is asked before it listens), it is asked again this soon. */
const UNTIL_LISTENING_MS = 200;
/** The longest the server may take to listen before its silence counts as a failed attempt. */
const LISTENING_WITHIN_MS = 30_000;

type RecheckAnswer = { revalidated?: string[]; since?: string | null; error?: string };

/**
 * Once the server answers, asks it (through its own revalidate callback, the one place with a request context to expire cache
 * tags) to recheck what changed in the content service while it was stopped. Never delays the start: while the
 * content service is unreachable it retries in the background (5 s, 10 s, ... up to 5 min), and pages keep serving
 * their cached versions meanwhile.
 */
export function scheduleStartupRecheck({ origin, secret }: { origin: string; secret: string }): void {
  const startedAt = Date.now();
  const attempt = async (retry: number): Promise<void> => {
    let problem: string;
    try {
      const response = await fetch(`${origin}${callbackPath('revalidate')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CALLBACK_SECRET_HEADER]: secret },
        body: JSON.stringify({ recheck: 'startup' }),
        signal: AbortSignal.timeout(30_000),
      });
      const answer = (await response.json().catch(() => ({}))) as RecheckAnswer;
      if (response.ok) {
        const changed = answer.revalidated?.join(', ') || 'nothing';
        log.info(`start-up recheck: ${answer.since ? `changed since ${answer.since}` : 'no record of the last check, all content'}: expired ${changed}`);
        return;
      }
      problem = `${response.status} ${answer.error ?? response.statusText}`;
    } catch (error) {
      // Not listening yet: the recheck runs as soon as it is, so an instance does not expire its cache seconds into
      // serving (with the content service perhaps unreachable by then).
      if (Date.now() - startedAt < LISTENING_WITHIN_MS) {
        setTimeout(() => void attempt(retry), UNTIL_LISTENING_MS).unref();
        return;
      }
      problem = error instanceof Error ? error.message : String(error);
    }
    const delay = Math.min(FIRST_RETRY_MS * 2 ** retry, LONGEST_RETRY_MS);
    log.warn(`start-up recheck failed (${problem}); trying again in ${delay / 1000} s`);
    setTimeout(() => void attempt(retry + 1), delay).unref();
  };
  void attempt(0);
}
