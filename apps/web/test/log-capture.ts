// The storefront's logger in unit tests: a test file replaces src/lib/log.ts with this module's fake,
//
//   vi.mock('@/lib/log', async () => (await import('<relative path to>/test/log-capture')).fakeLogModule);
//
// and reads what the code logged with loggedLines() (cleared by clearLogged()). The lines are kept process-wide, so a
// test that re-imports modules (vi.resetModules) still sees them.
export type LoggedLine = { level: string; area: string; msg: string; fields: Record<string, unknown> };

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const SLOT = Symbol.for('rentacar.test.loggedLines');

function lines(): LoggedLine[] {
  const slots = globalThis as typeof globalThis & { [SLOT]?: LoggedLine[] };
  return (slots[SLOT] ??= []);
}

type FakeLogger = Record<Level, (first: unknown, second?: unknown) => void> & { child: (bindings: Record<string, unknown>) => FakeLogger };

function fakeLogger(bindings: Record<string, unknown>): FakeLogger {
  const write = (level: Level) => (first: unknown, second?: unknown) => {
    const fields = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {};
    const msg = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
    lines().push({ level, area: typeof bindings.area === 'string' ? bindings.area : '', msg, fields });
  };
  return {
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    trace: write('trace'),
    child: (more) => fakeLogger({ ...bindings, ...more }),
  };
}

/** Stands in for src/lib/log.ts. */
export const fakeLogModule = { logFor: (area: string) => fakeLogger({ area }) };

/** What was logged since the last clearLogged(), each line as `level [area] message`. */
export function loggedLines(): string[] {
  return lines().map((line) => `${line.level} [${line.area}] ${line.msg}`);
}

/** What was logged since the last clearLogged(), with each line's fields. */
export function logged(): readonly LoggedLine[] {
  return lines();
}

export function clearLogged(): void {
  lines().length = 0;
}
