// Entry point: `node services/gateway-sandbox/src/server.ts` (Node 22.18 or newer runs the TypeScript as is).
// Settings come from the environment (src/config.ts; docs/gateway-sandbox.md). SIGTERM or SIGINT stops it.
import { pino } from 'pino';
import { startSandbox } from './app.ts';
import { loadConfig } from './config.ts';

// JSON lines on standard output, as the storefront's and the content service's (docs/operations.md).
const log = pino({ name: 'gateway-sandbox' });

try {
  const config = loadConfig();
  const sandbox = await startSandbox(config, log);
  log.info(`gateway sandbox listening on ${sandbox.url} (pages at ${config.publicUrl}; data in ${config.dataDir})`);
  log.info(
    `webhooks: metrobank -> ${config.metrobank.webhookUrl ?? '(none)'}, paypal -> ${config.paypal.webhookUrl ?? '(none)'}`,
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping`);
    void sandbox.close().then(() => process.exit(0));
    // Whatever holds the server open, a stop request ends the process.
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  log.fatal(`gateway sandbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
