import 'server-only';
import type { Metadata } from 'next';
import type { ComponentType } from 'react';
import type { Messages } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';
import { enterLocale } from '@/i18n';
import { enforceGuards } from './enforce-guards';
import type { GuardName } from './route-guards';

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParams> };

/**
 * A flow page's view; it gets the page's query (the booking flow keeps its step there), still unread: reading it makes
 * the page per-request, which only guarded pages are.
 */
export type FlowView = ComponentType<{ searchParams: Promise<SearchParams> }>;

/** The keys of a catalogue namespace that hold a text (not a nested group). */
export type TextKey<Namespace> = { [Key in keyof Namespace]: Namespace[Key] extends string ? Key : never }[keyof Namespace];

type FlowTitle =
  | { namespace: 'reservation'; key: TextKey<Messages['reservation']> }
  | { namespace: 'precheckin'; key: TextKey<Messages['precheckin']> };

/**
 * A route of the reservation or pre-check-in flow: its guards (a rejection is 'Page Not Found'), a title from the
 * catalogue, kept out of search results, and the feature's view.
 */
export function guardedRoute({ guards, step, title, View }: { guards: readonly GuardName[]; step: string; title: FlowTitle; View: FlowView }) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale } = await params;
    if (!isLocale(locale)) return {};
    const text =
      title.namespace === 'reservation'
        ? (await getTranslations({ locale, namespace: 'reservation' }))(title.key)
        : (await getTranslations({ locale, namespace: 'precheckin' }))(title.key);
    return { title: text, robots: { index: false } };
  }
  async function Page({ params, searchParams }: Props) {
    await enterLocale(params);
    if (guards.length > 0) await enforceGuards(guards, step);
    return <View searchParams={searchParams} />;
  }
  return { generateMetadata, Page };
}
