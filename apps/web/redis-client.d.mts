import type { createClient } from 'redis';

export function createResilientRedisClient(url: string, log: { label: string; withoutIt: string }): ReturnType<typeof createClient>;
