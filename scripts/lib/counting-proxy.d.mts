// Types of scripts/lib/counting-proxy.mjs (for TypeScript callers such as the storefront's process tests).

export interface CountingProxy {
  /** Where the proxy listens; point the storefront's DIRECTUS_URL here. */
  url: string;
  /** Starts counting under a new phase name. */
  phase(name: string): void;
  count(name: string): number;
  /** The first few `METHOD path` lines seen in a phase. */
  samples(name: string): string[];
  all(): Record<string, number>;
  /** True once a request whose `METHOD path` matches `pattern` has come through (recently or within `timeoutMs`). */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

export function startCountingProxy(options: { host: string; port: number; target: string }): Promise<CountingProxy>;
