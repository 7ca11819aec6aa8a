import 'server-only';
import { createTranslator, type Messages } from 'next-intl';
import type { Locale } from '@/i18n/routing';
import { escapeHtml, sendMail, type SentMail } from '@/features/email';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';

// In the language of the page the renter asked from.
const MESSAGES: Record<Locale, Messages> = { es, en };

export type DataCopyEmail = { to: string; subject: string; text: string; html: string; fileName: string; json: string };

/** The e-mail that carries the copy of a renter's data: a short note and the JSON file attached. */
export function buildDataCopyEmail({ to, json, number, firstName, siteName, locale }: { to: string; json: string; number: string; firstName: string; siteName: string; locale: Locale }): DataCopyEmail {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'email' });
  const subject = t('dataCopy.subject', { siteName });
  const paragraphs = [t('greeting', { firstName: firstName || to }), t('dataCopy.intro', { number }), t('dataCopy.notAsked')];
  const signature = t('signature', { siteName }).split('\n');
  const text = [...paragraphs.flatMap((paragraph) => [paragraph, '']), ...signature, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(locale)}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
${paragraphs.map((paragraph) => `<p>${e(paragraph)}</p>`).join('\n')}
<p>${signature.map(e).join('<br>')}</p>
</body>
</html>
`;
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
