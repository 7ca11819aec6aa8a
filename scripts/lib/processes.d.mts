// Types of scripts/lib/processes.mjs (for TypeScript callers such as the storefront's process tests).
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

export function assertPortFree(host: string, port: number, what: string): Promise<void>;
export function waitForHttp(
  url: string,
  options?: { timeoutMs?: number; accept?: (response: Response) => boolean; child?: ChildProcess },
): Promise<void>;
export function stopProcess(child: ChildProcess, options?: { graceMs?: number }): Promise<void>;
export function freePort(): Promise<number>;
export function readLines(stream: Readable, onLine: (line: string) => void): void;
export type ChildService = { pid: number; child: ChildProcess; exited: Promise<number | string>; stop(): Promise<void> };
export function startChildService(options: {
  name: string;
  command: string;
  args?: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  quiet?: boolean;
  logFile?: string;
  ready: (child: ChildProcess) => Promise<void>;
  stopSignal?: NodeJS.Signals;
  graceMs?: number;
}): Promise<ChildService>;
export function takeServiceOutput(
  child: ChildProcess,
  options: { name: string; log: (line: string) => void; quiet?: boolean; logFile?: string; filter?: (line: string) => boolean },
): string[];
export function logFileWritten(path: string): Promise<void>;
export function waitForPort(host: string, port: number, options?: { timeoutMs?: number }): Promise<void>;
export function findProgram(candidates: (string | undefined)[], howToInstall: string): string;
