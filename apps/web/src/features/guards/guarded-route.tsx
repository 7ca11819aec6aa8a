import 'server-only';
import type { Metadata } from 'next';
import type { ComponentType } from 'react';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';
import { enterLocale } from '@/features/i18n/request-locale';
import { enforceGuards } from './enforce-guards';
import type { GuardName } from './route-guards';

type Props = { params: Promise<{ locale: string }> };

/**
 * A route of the reservation or pre-check-in flow: its guards (a rejection is 'Page Not Found'), a title from the
 * catalogue, kept out of search results, and the feature's view.
 */
export function guardedRoute({ guards, step, title, View }: { guards: readonly GuardName[]; step: string; title: { namespace: 'reservation' | 'precheckin'; key: string }; View: ComponentType }) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale } = await params;
    if (!isLocale(locale)) return {};
    const t = await getTranslations({ locale, namespace: title.namespace });
    return { title: t(title.key as never), robots: { index: false } };
  }
  async function Page({ params }: Props) {
    await enterLocale(params);
    if (guards.length > 0) await enforceGuards(guards, step);
    return <View />;
  }
  return { generateMetadata, Page };
}
