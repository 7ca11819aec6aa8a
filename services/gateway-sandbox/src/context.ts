import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Store } from './store.ts';
import type { WebhookDispatcher } from './webhooks.ts';

/**
 * The sandbox's logger: JSON lines on standard output (pino, `name: gateway-sandbox`). Problems are warnings and errors,
 * shown even when the orchestrator passes on no request lines.
 */
export type Log = Pick<Logger, 'info' | 'warn' | 'error'>;

/** What every part of the sandbox shares. */
export interface Context {
  config: Config;
  store: Store;
  webhooks: WebhookDispatcher;
  log: Log;
  /** Test faults the providers act on (set through /__sandbox/control). */
  faults: Faults;
}

export interface Faults {
  /**
   * Added to the amount of the next PayPal capture, then back to 0: a gateway taking another amount than the order's,
   * so a merchant's check of the captured amount can be tested.
   */
  captureAmountDeltaCents: number;
}
