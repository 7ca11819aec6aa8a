import type { AbstractIntlMessages } from 'next-intl';

/** Namespaces used by client components; the rest of the catalogue stays on the server. */
const CLIENT_NAMESPACES = ['nav', 'error', 'fleet', 'landing'] as const;

export function pickClientMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const namespace of CLIENT_NAMESPACES) {
    const value = messages[namespace];
    if (value !== undefined) picked[namespace] = value;
  }
  return picked;
}
