// An extension's default export. The SDK's defineEndpoint and defineHook only type their argument; importing them from
// the SDK would bundle @directus/extensions and its schemas into every extension, so these type it the same way.
import type { EndpointConfig, HookConfig } from '@directus/types';

/** An endpoint mounted at `/<id>`. */
export const defineEndpoint = (config: Extract<EndpointConfig, { id: string }>) => config;
export const defineHook = (config: HookConfig) => config;
