import { vi } from 'vitest';

// Outside Next there is no incremental cache: content reads run uncached in tests.
vi.mock('next/cache', () => ({
  unstable_cache: <T extends (...args: never[]) => unknown>(read: T) => read,
  revalidateTag: vi.fn(),
}));
