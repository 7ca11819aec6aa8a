// Entry point: `node services/gateway-sandbox/src/server.ts` (Node 22.18 or newer runs the TypeScript as is).
// Settings come from the environment (src/config.ts; docs/gateway-sandbox.md). SIGTERM or SIGINT stops it.
import { startSandbox } from './app.ts';
import { loadConfig } from './config.ts';
import type { Log } from './context.ts';

const log: Log = (line, level) => (level === 'warn' ? console.error(line) : console.log(line));

try {
  const config = loadConfig();
  const sandbox = await startSandbox(config, log);
  log(`gateway sandbox listening on ${sandbox.url} (pages at ${config.publicUrl}; data in ${config.dataDir})`);
  log(
    `webhooks: metrobank -> ${config.metrobank.webhookUrl ?? '(none)'}, paypal -> ${config.paypal.webhookUrl ?? '(none)'}`,
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    void sandbox.close().then(() => process.exit(0));
    // Whatever holds the server open, a stop request ends the process.
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  console.error(`gateway sandbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
