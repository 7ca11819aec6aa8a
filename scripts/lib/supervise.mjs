// Keeps a service running under `npm start`: when it exits on its own, it is started again after a back-off delay
// (1 s, 2 s, 4 s ... up to 30 s; back to 1 s once it has run a minute). It keeps trying at the capped delay rather than
// giving up: what made it fail (a port taken, a database file locked) may pass, and meanwhile the storefront serves
// its cached pages. stop() ends the supervision and the service; nothing restarts during a shutdown.

export const DEFAULT_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000, 30_000];
export const DEFAULT_HEALTHY_AFTER_MS = 60_000;

/** How a process ended, for the log: "code 1" or "signal SIGKILL". */
function describeExit(exit) {
  return typeof exit === 'string' ? `signal ${exit}` : `code ${exit}`;
}

/**
 * Starts `start()` and restarts it whenever it exits unexpectedly.
 *   name   - for the log ("content service", "storefront")
 *   start  - async () => service, where service is { pid, exited: Promise<number|string>, stop(): Promise }
 *   log    - function(line)
 * Resolves once the first start succeeded (a failed first start rejects: nothing runs yet to keep serving) with
 * { current(): service, restarts(): number, stop(): Promise }.
 */
export async function supervise({ name, start, log, delaysMs = DEFAULT_DELAYS_MS, healthyAfterMs = DEFAULT_HEALTHY_AFTER_MS }) {
  let service = await start();
  let stopping = false;
  let failuresInRow = 0;
  let restarts = 0;
  let timer;
  let restarting;

  const scheduleRestart = (reason) => {
    const delay = delaysMs[Math.min(failuresInRow, delaysMs.length - 1)];
    failuresInRow += 1;
    log(`${name} ${reason}; restarting in ${delay / 1000} s (attempt ${failuresInRow})`);
    timer = setTimeout(() => {
      timer = undefined;
      restarting = restart().finally(() => (restarting = undefined));
    }, delay);
  };

  const restart = async () => {
    if (stopping) return;
    try {
      const next = await start();
      if (stopping) {
        await next.stop();
        return;
      }
      service = next;
      restarts += 1;
      log(`${name} restarted (pid ${next.pid})`);
      watch(next);
    } catch (error) {
      if (!stopping) scheduleRestart(`could not start again (${error instanceof Error ? error.message.split('\n')[0] : error})`);
    }
  };

  const watch = (running) => {
    const startedAt = Date.now();
    running.exited.then((exit) => {
      if (stopping || running !== service) return;
      // A service that ran a good while before it stopped starts again quickly: this is not a crash loop.
      if (Date.now() - startedAt >= healthyAfterMs) failuresInRow = 0;
      scheduleRestart(`exited unexpectedly (${describeExit(exit)})`);
    });
  };
  watch(service);

  return {
    current: () => service,
    restarts: () => restarts,
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      await restarting;
      await service.stop();
    },
  };
}
