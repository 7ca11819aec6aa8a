// Webhook deliveries of both providers: sent after the API has answered (never delaying it), retried on a non-2xx
// answer or an unreachable destination 3 times (after 1 s, 2 s and 4 s by default), signed anew for every attempt.
// The test controls can hold them (kept until flushed or sending resumes) or drop them. The list of deliveries lives
// in memory only: a restart forgets it, and what was held or waiting for a retry.
import type { Log } from './context.ts';

export type WebhookMode = 'send' | 'hold' | 'drop';

export type Provider = 'metrobank' | 'paypal';

export interface OutgoingWebhook {
  provider: Provider;
  destination: string;
  eventId: string;
  eventType: string;
  /** The exact bytes sent (and signed). */
  body: string;
  /** Signature headers for one attempt. */
  sign: (body: string) => Record<string, string>;
}

export interface Attempt {
  at: string;
  /** HTTP status of the destination's answer, or null when it could not be reached. */
  status: number | null;
  error?: string;
}

export type DeliveryState = 'held' | 'sending' | 'retrying' | 'delivered' | 'failed' | 'dropped';

export interface Delivery {
  id: string;
  provider: Provider;
  event_id: string;
  event_type: string;
  destination: string;
  state: DeliveryState;
  attempts: Attempt[];
  created: string;
}

export const RETRIES = 3;
const ATTEMPT_TIMEOUT_MS = 10_000;

export class WebhookDispatcher {
  mode: WebhookMode = 'send';
  private readonly deliveries: Delivery[] = [];
  private readonly pending = new Map<string, OutgoingWebhook>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private counter = 0;
  private closed = false;
  private readonly retryMs: number;
  private readonly log: Log;

  constructor({ retryMs, log }: { retryMs: number; log: Log }) {
    this.retryMs = retryMs;
    this.log = log;
  }

  /** Queues an event; returns at once. */
  enqueue(webhook: OutgoingWebhook): void {
    this.counter += 1;
    const delivery: Delivery = {
      id: `whd_${this.counter}`,
      provider: webhook.provider,
      event_id: webhook.eventId,
      event_type: webhook.eventType,
      destination: webhook.destination,
      state: this.mode === 'drop' ? 'dropped' : this.mode === 'hold' ? 'held' : 'sending',
      attempts: [],
      created: new Date().toISOString(),
    };
    this.deliveries.push(delivery);
    if (delivery.state === 'dropped') {
      this.log.info(`webhook ${webhook.provider} ${webhook.eventType} dropped (test control)`);
      return;
    }
    this.pending.set(delivery.id, webhook);
    if (delivery.state === 'sending') this.later(0, () => this.attempt(delivery));
  }

  /** Sends every held delivery now; returns how many. */
  flush(): number {
    const held = this.deliveries.filter((delivery) => delivery.state === 'held');
    for (const delivery of held) {
      delivery.state = 'sending';
      this.later(0, () => this.attempt(delivery));
    }
    return held.length;
  }

  setMode(mode: WebhookMode): void {
    this.mode = mode;
    // Sending again releases what was held.
    if (mode === 'send') this.flush();
  }

  list(): Delivery[] {
    return this.deliveries.map((delivery) => ({ ...delivery, attempts: delivery.attempts.map((attempt) => ({ ...attempt })) }));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(delayMs: number, action: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void action();
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const webhook = this.pending.get(delivery.id);
    if (!webhook || this.closed) return;
    const attempt: Attempt = { at: new Date().toISOString(), status: null };
    try {
      const response = await fetch(webhook.destination, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'gateway-sandbox-webhooks/1', ...webhook.sign(webhook.body) },
        body: webhook.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      attempt.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      attempt.error = cause instanceof Error ? ((cause as NodeJS.ErrnoException).code ?? cause.message) : String(cause);
    }
    delivery.attempts.push(attempt);
    const number = delivery.attempts.length;
    const outcome = attempt.status ?? attempt.error ?? 'no answer';
    if (attempt.status !== null && attempt.status >= 200 && attempt.status < 300) {
      delivery.state = 'delivered';
      this.pending.delete(delivery.id);
      this.log.info(`webhook ${webhook.provider} ${webhook.eventType} -> ${webhook.destination} ${outcome} (attempt ${number})`);
      return;
    }
    if (number > RETRIES) {
      delivery.state = 'failed';
      this.pending.delete(delivery.id);
      this.log.warn(`webhook ${webhook.provider} ${webhook.eventType} -> ${webhook.destination} ${outcome} (attempt ${number}); giving up`);
      return;
    }
    const delay = this.retryMs * 2 ** (number - 1);
    delivery.state = 'retrying';
    this.log.info(`webhook ${webhook.provider} ${webhook.eventType} -> ${webhook.destination} ${outcome} (attempt ${number}); retrying in ${delay} ms`);
    this.later(delay, () => this.attempt(delivery));
  }
}
