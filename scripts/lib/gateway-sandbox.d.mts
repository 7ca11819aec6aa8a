// Types of scripts/lib/gateway-sandbox.mjs (for TypeScript callers such as the sandbox's tests).
import type { ChildProcess } from 'node:child_process';

export type GatewaySandboxEnv = Record<string, string | undefined>;

export interface GatewaySandbox {
  /** Where the sandbox listens, e.g. http://127.0.0.1:8070 */
  url: string;
  /** GATEWAY_SANDBOX_PUBLIC_URL (or url): the origin of its pages */
  publicUrl: string;
  pid: number;
  /** Absolute folder of its state (state.json, the PayPal webhook key pair) */
  dataDir: string;
  child: ChildProcess;
  /** SIGTERM to its process group (SIGKILL after 8 s); resolves once it has exited */
  stop(): Promise<void>;
  /** Its exit code, or the signal that ended it, whenever it exits */
  exited: Promise<number | NodeJS.Signals>;
}

export const ROOT: string;
export const SANDBOX_DIR: string;
export const GATEWAY_SANDBOX_DEFAULTS: Record<string, string>;

export function gatewaySandboxEnvironment(env?: GatewaySandboxEnv): {
  url: string;
  publicUrl: string;
  host: string;
  port: number;
  dataDir: string;
  /** The variables the sandbox process runs with */
  sandbox: Record<string, string>;
};

export function startGatewaySandbox(options?: {
  env?: GatewaySandboxEnv;
  log?: ((line: string) => void) & { relay?: (line: string) => void };
  quiet?: boolean;
  logFile?: string;
  timeoutMs?: number;
}): Promise<GatewaySandbox>;
