import 'server-only';
import type { Locale } from '@/i18n/routing';
import { renderEmail, sendMail, type SentMail } from '@/shared/email';
import { serverTranslator } from '@/i18n/server-translator';

export type DataCopyEmail = { to: string; subject: string; text: string; html: string; fileName: string; json: string };

/**
 * The e-mail that carries the copy of a renter's data: a short note and the JSON file attached, with the link back to
 * the reservation it was asked from (`manageUrl`, manage booking prefilled with its number).
 */
export function buildDataCopyEmail({ to, json, number, firstName, siteName, locale, manageUrl }: { to: string; json: string; number: string; firstName: string; siteName: string; locale: Locale; manageUrl: string }): DataCopyEmail {
  // In the language of the page the renter asked from.
  const t = serverTranslator(locale, 'email');
  const subject = t('dataCopy.subject', { siteName });
  const { html, text } = renderEmail({
    locale,
    siteName,
    subject,
    greeting: t('greeting', { firstName: firstName || to }),
    blocks: [
      { kind: 'text', text: t('dataCopy.intro', { number }) },
      { kind: 'text', text: t('dataCopy.notAsked'), tone: 'muted' },
    ],
    signature: t('signature', { siteName }).split('\n'),
    reservation: { number, manageUrl },
  });
  return { to, subject, text, html, fileName: `${t('dataCopy.fileName')}-${number}.json`, json };
}

export async function sendDataCopyEmail(mail: DataCopyEmail): Promise<SentMail> {
  return sendMail({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: [{ filename: mail.fileName, content: mail.json, contentType: 'application/json; charset=utf-8' }],
  });
}
