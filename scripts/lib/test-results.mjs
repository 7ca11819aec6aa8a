// How the test harness (scripts/test.mjs) counts a suite, so that no failure can hide: a suite that could not run,
// crashed, or exited non-zero without reporting a failed test counts as one failed test in the closing line.
import { existsSync, readFileSync } from 'node:fs';

/** @typedef {{ suite: string, passed: number, failed: number, skipped: number, problem?: string }} SuiteResult */

function readJson(file) {
  if (!file || !existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Holds the result right even when the runner's own report is missing or contradicts its exit code. */
function settle(suite, counts, exitCode) {
  if (!counts) return { suite, passed: 0, failed: 1, skipped: 0, problem: `no report (exit code ${exitCode}): the suite could not run` };
  if (exitCode !== 0 && counts.failed === 0) {
    return { suite, ...counts, failed: 1, problem: `exited with code ${exitCode} but reported no failed test` };
  }
  return { suite, ...counts };
}

/** A Vitest run from its JSON report (`--reporter=json --outputFile.json=...`) and exit code. */
export function vitestResult(suite, reportFile, exitCode) {
  const report = readJson(reportFile);
  if (!report) return settle(suite, undefined, exitCode);
  // A test file that failed to load has no failed assertion of its own: count it, or its tests vanish unseen.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return settle(suite, {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  }, exitCode);
}

/** A Playwright run from its JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) and exit code. */
export function playwrightResult(suite, reportFile, exitCode) {
  const report = readJson(reportFile);
  if (!report?.stats) return settle(suite, undefined, exitCode);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  // Errors outside any test (configuration, global set-up, test.only under CI) fail the run without failing a test.
  const globalErrors = (report.errors ?? []).length;
  return settle(suite, { passed: expected + flaky, failed: unexpected + globalErrors, skipped }, exitCode);
}

/** A check that passes or fails as a whole (lint, type check): one test. */
export function checkResult(suite, exitCode) {
  return exitCode === 0 ? { suite, passed: 1, failed: 0, skipped: 0 } : { suite, passed: 0, failed: 1, skipped: 0, problem: `exited with code ${exitCode}` };
}

/** A suite that did not run because something before it failed: one failed test, with the reason. */
export function notRunResult(suite, reason) {
  return { suite, passed: 0, failed: 1, skipped: 0, problem: `not run: ${reason}` };
}

/** The per-suite summary and the closing line `N passed, N failed[, N skipped]`. */
export function summarise(results) {
  const totals = results.reduce(
    (sum, result) => ({ passed: sum.passed + result.passed, failed: sum.failed + result.failed, skipped: sum.skipped + result.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const width = Math.max(0, ...results.map((result) => result.suite.length));
  const lines = results.map(
    (result) => `  ${result.suite.padEnd(width)}  ${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''}${result.problem ? `  (${result.problem})` : ''}`,
  );
  const closing = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
  return { totals, lines, closing };
}

/** Prints the suites and the closing `N passed, N failed` line under `[tag]`; returns the exit code (1 on any failure). */
export function printSummary(tag, results) {
  const { totals, lines, closing } = summarise(results);
  console.log('');
  console.log(`[${tag}] suites:`);
  for (const line of lines) console.log(line);
  console.log('');
  console.log(closing);
  return totals.failed > 0 ? 1 : 0;
}
