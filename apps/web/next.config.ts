import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { assertBrandConfigured } from './src/lib/brand-check';

// Refuse to build or start without a brand: every page depends on it.
assertBrandConfigured(process.env.BRAND);

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // The test harness builds into its own folder so tests never share a cache with `npm start`.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  poweredByHeader: false,
  // Hashing every cached page per response cost a tenth of the CPU under load; caches in front use their own validators.
  generateEtags: false,
  // Keep request.url as received, so the proxy's rewrites stay on the server's own origin (see src/proxy.ts).
  skipProxyUrlNormalize: true,
  transpilePackages: ['@rentacar/domain'],
  typedRoutes: false,
  images: { unoptimized: true },
  experimental: {
    optimizePackageImports: ['lucide-react'],
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default createNextIntlPlugin('./src/i18n/request.ts')(nextConfig);
