import 'server-only';
import { serverEnv } from '@/lib/env';
import { withRequestId } from '@/lib/request-id';

export type ContentHealth = { reachable: boolean; latencyMs: number };

const PING_TIMEOUT_MS = 2_000;

/** Whether the content service answers its ping (`GET /server/ping` → "pong") within two seconds. */
export async function pingContentService(): Promise<ContentHealth> {
  const started = performance.now();
  try {
    const response = await fetch(`${serverEnv().directusUrl}/server/ping`, { headers: withRequestId(undefined), signal: AbortSignal.timeout(PING_TIMEOUT_MS), cache: 'no-store' });
    const reachable = response.ok && (await response.text()).trim() === 'pong';
    return { reachable, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { reachable: false, latencyMs: Math.round(performance.now() - started) };
  }
}
