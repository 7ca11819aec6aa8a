import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The cluster's browser tests (npm run test:cluster): a renter's flow across the storefront instances that
// scripts/test-cluster.mjs starts behind nginx (CLUSTER_URL, CLUSTER_INSTANCE_URLS).
export default defineConfig({
  ...base,
  testDir: './e2e-cluster',
  workers: 1,
  timeout: 60_000,
  use: { ...base.use, baseURL: process.env.CLUSTER_URL ?? 'http://127.0.0.1:8080' },
  projects: [base.projects?.[0] ?? { name: 'desktop' }],
});
