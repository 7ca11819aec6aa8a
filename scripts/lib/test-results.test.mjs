import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkResult, notRunResult, playwrightResult, summarise, vitestResult } from './test-results.mjs';

const dir = mkdtempSync(join(tmpdir(), 'test-results-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function reportFile(content) {
  const file = join(dir, `report-${(files += 1)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('Vitest suites', () => {
  it('counts passed, failed and skipped tests from the JSON report', () => {
    const file = reportFile({ numPassedTests: 40, numFailedTests: 2, numPendingTests: 1, numTodoTests: 1, success: false, testResults: [] });
    expect(vitestResult('unit', file, 1)).toEqual({ suite: 'unit', passed: 40, failed: 2, skipped: 2 });
  });

  it('counts a test file that failed to load, whose tests never ran', () => {
    const file = reportFile({
      numPassedTests: 5,
      numFailedTests: 0,
      success: false,
      testResults: [
        { name: 'a.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
        { name: 'broken.test.ts', status: 'failed', message: 'Cannot find module', assertionResults: [] },
      ],
    });
    expect(vitestResult('unit', file, 1)).toMatchObject({ passed: 5, failed: 1 });
  });

  it('counts a run without a report (crash before reporting) as failed', () => {
    expect(vitestResult('integration', join(dir, 'missing.json'), 1)).toMatchObject({ passed: 0, failed: 1, problem: expect.stringMatching(/could not run/) });
    expect(vitestResult('integration', reportFile('{"numPassedTests": 3,'), 1)).toMatchObject({ failed: 1 });
  });

  it('counts a non-zero exit with no failed test as failed', () => {
    const file = reportFile({ numPassedTests: 12, numFailedTests: 0, success: true, testResults: [] });
    expect(vitestResult('unit', file, 1)).toMatchObject({ passed: 12, failed: 1, problem: expect.stringMatching(/code 1/) });
    expect(vitestResult('unit', file, 0)).toEqual({ suite: 'unit', passed: 12, failed: 0, skipped: 0 });
  });
});

describe('Playwright suites', () => {
  it('counts expected and flaky as passed, unexpected as failed', () => {
    const file = reportFile({ stats: { expected: 30, unexpected: 1, flaky: 2, skipped: 0 }, errors: [] });
    expect(playwrightResult('browser', file, 1)).toEqual({ suite: 'browser', passed: 32, failed: 1, skipped: 0 });
  });

  it('counts errors outside tests (set-up, test.only under CI) as failed', () => {
    const file = reportFile({ stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 }, errors: [{ message: 'Error: item focused with .only is not allowed due to the --forbid-only CLI flag' }] });
    expect(playwrightResult('browser', file, 1)).toMatchObject({ passed: 0, failed: 1 });
  });

  it('counts a missing report as failed', () => {
    expect(playwrightResult('browser', join(dir, 'none.json'), 1)).toMatchObject({ failed: 1 });
  });
});

describe('checks, suites not run and the closing line', () => {
  it('a check is one test', () => {
    expect(checkResult('lint', 0)).toEqual({ suite: 'lint', passed: 1, failed: 0, skipped: 0 });
    expect(checkResult('lint', 2)).toMatchObject({ passed: 0, failed: 1 });
  });

  it('a suite that could not run counts as failed, and every suite is in the closing line', () => {
    const { totals, lines, closing } = summarise([
      { suite: 'unit', passed: 10, failed: 1, skipped: 0 },
      notRunResult('browser', 'the storefront build failed: exit 1'),
      { suite: 'integration', passed: 5, failed: 0, skipped: 2 },
    ]);
    expect(totals).toEqual({ passed: 15, failed: 2, skipped: 2 });
    expect(closing).toBe('15 passed, 2 failed, 2 skipped');
    expect(lines.join('\n')).toContain('browser');
    expect(lines.join('\n')).toContain('not run: the storefront build failed');
  });

  it('prints the plain closing line when nothing was skipped', () => {
    expect(summarise([{ suite: 'unit', passed: 3, failed: 0, skipped: 0 }]).closing).toBe('3 passed, 0 failed');
  });
});
