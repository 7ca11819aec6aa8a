import 'server-only';
import { z } from 'zod';
import { assertBrandConfigured } from './brand-check';

const localUrl = (fallback: string) => z.url().default(fallback);

const serverEnvSchema = z.object({
  BRAND: z.string().optional(),
  SITE_URL: localUrl('http://127.0.0.1:3000'),
  DIRECTUS_URL: localUrl('http://127.0.0.1:8055'),
  DIRECTUS_PUBLIC_URL: z.url().optional(),
  DIRECTUS_STOREFRONT_TOKEN: z.string().min(1).optional(),
  REVALIDATE_SECRET: z.string().min(16, 'REVALIDATE_SECRET must be at least 16 characters').optional(),
});

function readServerEnv() {
  const parsed = serverEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    brand: assertBrandConfigured(values.BRAND),
    siteUrl: values.SITE_URL.replace(/\/$/, ''),
    directusUrl: values.DIRECTUS_URL.replace(/\/$/, ''),
    directusPublicUrl: (values.DIRECTUS_PUBLIC_URL ?? values.DIRECTUS_URL).replace(/\/$/, ''),
    storefrontToken: values.DIRECTUS_STOREFRONT_TOKEN,
    revalidateSecret: values.REVALIDATE_SECRET,
  };
}

export type ServerEnv = ReturnType<typeof readServerEnv>;

let cached: ServerEnv | undefined;

/** The validated server environment; throws a message naming the variable at first use. */
export function serverEnv(): ServerEnv {
  cached ??= readServerEnv();
  return cached;
}
