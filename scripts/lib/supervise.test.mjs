import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { supervise } from './supervise.mjs';

/** A real process that runs until it is killed, shaped like the services `npm start` runs. */
function startIdleProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const exited = new Promise((done) => child.once('exit', (code, signal) => done(code ?? signal)));
  return Promise.resolve({
    pid: child.pid,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  });
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let supervisor;
afterEach(async () => {
  await supervisor?.stop();
  supervisor = undefined;
});

describe('supervise', () => {
  it('restarts a service killed from outside, after the back-off, and says so', async () => {
    const lines = [];
    supervisor = await supervise({ name: 'content service', start: startIdleProcess, log: (line) => lines.push(line), delaysMs: [50, 100] });
    const first = supervisor.current().pid;
    process.kill(first, 'SIGKILL');
    await expect.poll(() => supervisor.restarts(), { timeout: 5000 }).toBe(1);
    const second = supervisor.current().pid;
    expect(second).not.toBe(first);
    expect(alive(second)).toBe(true);
    expect(lines).toContain('content service exited unexpectedly (signal SIGKILL); restarting in 0.05 s (attempt 1)');
    expect(lines).toContain(`content service restarted (pid ${second})`);
  });

  it('backs off further while the service keeps failing, and keeps trying', async () => {
    const lines = [];
    let starts = 0;
    const flaky = () => {
      starts += 1;
      // The first start works; the next two fail to start; then it runs again.
      if (starts === 2 || starts === 3) return Promise.reject(new Error('port 8055 is already in use'));
      return startIdleProcess();
    };
    supervisor = await supervise({ name: 'storefront', start: flaky, log: (line) => lines.push(line), delaysMs: [20, 40, 80] });
    process.kill(supervisor.current().pid, 'SIGKILL');
    await expect.poll(() => supervisor.restarts(), { timeout: 5000 }).toBe(1);
    expect(lines.filter((line) => line.includes('restarting in'))).toEqual([
      'storefront exited unexpectedly (signal SIGKILL); restarting in 0.02 s (attempt 1)',
      'storefront could not start again (port 8055 is already in use); restarting in 0.04 s (attempt 2)',
      'storefront could not start again (port 8055 is already in use); restarting in 0.08 s (attempt 3)',
    ]);
    expect(alive(supervisor.current().pid)).toBe(true);
  });

  it('stops the service and restarts nothing once stopped', async () => {
    const lines = [];
    supervisor = await supervise({ name: 'storefront', start: startIdleProcess, log: (line) => lines.push(line), delaysMs: [10] });
    const pid = supervisor.current().pid;
    await supervisor.stop();
    expect(alive(pid)).toBe(false);
    // The exit was seen before stop() resolved (stop awaits it): a restart would have been announced by now.
    expect(lines).toEqual([]);
    expect(supervisor.restarts()).toBe(0);
  });

  it('starts again at the shortest delay after a service ran healthy for a while', async () => {
    const lines = [];
    supervisor = await supervise({ name: 'storefront', start: startIdleProcess, log: (line) => lines.push(line), delaysMs: [20, 1000], healthyAfterMs: 200 });
    for (const restart of [1, 2]) {
      await new Promise((done) => setTimeout(done, 300));
      process.kill(supervisor.current().pid, 'SIGKILL');
      await expect.poll(() => supervisor.restarts(), { timeout: 5000 }).toBe(restart);
    }
    expect(lines.filter((line) => line.includes('restarting in'))).toEqual([
      'storefront exited unexpectedly (signal SIGKILL); restarting in 0.02 s (attempt 1)',
      'storefront exited unexpectedly (signal SIGKILL); restarting in 0.02 s (attempt 1)',
    ]);
  });

  it('restarts nothing when stopped while a restart is pending (Ctrl-C during the back-off)', async () => {
    const lines = [];
    let starts = 0;
    const counted = () => {
      starts += 1;
      return startIdleProcess();
    };
    supervisor = await supervise({ name: 'content service', start: counted, log: (line) => lines.push(line), delaysMs: [300] });
    process.kill(supervisor.current().pid, 'SIGKILL');
    await expect.poll(() => lines.length, { timeout: 5000 }).toBe(1);
    await supervisor.stop();
    // Past the back-off delay: the restart it announced never came.
    await new Promise((done) => setTimeout(done, 600));
    expect(starts).toBe(1);
    expect(supervisor.restarts()).toBe(0);
    expect(lines).toEqual(['content service exited unexpectedly (signal SIGKILL); restarting in 0.3 s (attempt 1)']);
  });

  it('rejects when the first start fails: there is nothing to keep serving', async () => {
    await expect(supervise({ name: 'content service', start: () => Promise.reject(new Error('SECRET is missing')), log: () => {} })).rejects.toThrow('SECRET is missing');
  });
});
