import 'server-only';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from '@/i18n/routing';

/**
 * Reads a route's locale and sets it for next-intl. Every layout and page calls it: they render side by side, and
 * one that did not would make next-intl read the request headers, turning a cached page dynamic.
 */
export async function enterLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}
