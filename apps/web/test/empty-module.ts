// Stands in for `server-only` in tests, which run outside Next's server bundling.
export {};
