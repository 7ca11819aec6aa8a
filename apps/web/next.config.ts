import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_SERVER } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';
import { brandFromEnv } from '@rentacar/domain/brands';
import { parseServerEnv } from './src/lib/env-schema';

// Refuse to build or start without a brand: every page depends on it.
brandFromEnv(process.env.BRAND);

// One id per build, known to Next (its BUILD_ID) and inlined into the code (NEXT_PUBLIC_BUILD_ID), so an open page
// can tell the servers now run another build (shared/self-healing). Kept in the environment on first evaluation:
// the build's workers read this file again and inherit it, so every bundle of one build has the same id.
process.env.NEXT_PUBLIC_BUILD_ID ??= process.env.BUILD_ID ?? randomUUID();
const buildId = process.env.NEXT_PUBLIC_BUILD_ID;

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // The test harness builds into its own folder so tests never share a cache with `npm start`.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  poweredByHeader: false,
  generateBuildId: () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  // Hashing every cached page per response cost a tenth of the CPU under load; caches in front use their own validators.
  generateEtags: false,
  // Keep request.url as received, so the proxy's rewrites stay on the server's own origin (see src/proxy.ts).
  skipProxyUrlNormalize: true,
  // src/proxy.ts redirects `/path/` to `/path` itself: Next's own redirect would skip the proxy and its headers.
  skipTrailingSlashRedirect: true,
  transpilePackages: ['@rentacar/domain'],
  typedRoutes: false,
  images: { unoptimized: true },
  // Several instances share Next's data and page cache in Redis (cache-handler.mjs), so a revalidation received by one
  // expires the page for all; no per-process memory copy in front of it, which the others could not expire.
  ...(process.env.REDIS_URL ? { cacheHandler: join(process.cwd(), 'cache-handler.mjs'), cacheMaxMemorySize: 0 } : {}),
  experimental: {
    optimizePackageImports: ['lucide-react'],
    // src/proxy.ts sees every request, so Next buffers request bodies for it (10 MB by default, the rest cut off). A
    // pre-check-in document may be 10 MB plus its multipart envelope; larger ones are refused by the route itself.
    proxyClientMaxBodySize: '11mb',
  },
  // Security headers and Cache-Control are set by src/proxy.ts on every response, not by headers() here: they
  // depend on the deployment (content-service origin, HTTPS), and headers() is fixed at build.
};

// The catalogues are compiled at build time (icu-minify): the browser gets no ICU parser (about 10 KB gzip on the
// booking steps) and formats without parsing. Every message reaches next-intl through an import of messages/*.json,
// which this loader compiles; t.raw is not available with compiled messages.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

export default function config(phase: string): NextConfig {
  // `next start` refuses to start, naming the variable, when the environment is invalid: in production that includes
  // a missing DIRECTUS_STOREFRONT_TOKEN or REVALIDATE_SECRET (src/lib/env-schema.ts). The build needs neither.
  if (phase !== PHASE_PRODUCTION_SERVER) return withNextIntl(nextConfig);
  const env = parseServerEnv({ ...process.env, NODE_ENV: 'production' });
  // Compression is a server's setting (COMPRESS_RESPONSES): on by default, behind nginx too, which keeps the
  // compressed answers it asks for.
  return withNextIntl({ ...nextConfig, compress: env.compressResponses });
}
