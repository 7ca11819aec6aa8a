import 'server-only';
import { serverEnv } from '@/lib/env';
import { logFor } from '@/lib/log';
import { runAsOwnRequest } from '@/lib/request-id';
import { reconcilePayments } from './payments';

const log = logFor('payments');

/** Gives the server time to start before the first run, so a restart settles what it left open soon after. */
const FIRST_RUN_DELAY_MS = 5_000;

let running = false;

async function runOnce(): Promise<void> {
  if (running) return;
  running = true;
  try {
    // Each run has an id of its own, as a request would: its lines and its calls to the gateways share it.
    await runAsOwnRequest(() => reconcilePayments());
  } catch (error) {
    log.error(`reconciliation failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    running = false;
  }
}

/**
 * Reconciliation at start (a crash between a charge and its record is settled on restart) and every
 * PAYMENT_RECONCILE_INTERVAL_SECONDS. Timers are unref'd: they never keep a stopping server alive.
 */
export function scheduleReconciliation(): void {
  const { payments } = serverEnv();
  if (!payments.metrobank && !payments.paypal) {
    log.warn('no payment gateway configured: only payment at the counter is offered');
    return;
  }
  setTimeout(() => void runOnce(), FIRST_RUN_DELAY_MS).unref();
  setInterval(() => void runOnce(), payments.reconcileIntervalSeconds * 1000).unref();
}
