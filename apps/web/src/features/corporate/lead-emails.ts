import 'server-only';
import { createTranslator, type Messages } from 'next-intl';
import type { CorporateLead } from '@rentacar/domain/corporate';
import type { Locale } from '@/i18n/routing';
import { escapeHtml, sendMail } from '@/features/email';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { logFor } from '@/lib/log';

const log = logFor('corporate');

const MESSAGES: Record<Locale, Messages> = { es, en };

function page(locale: Locale, title: string, paragraphs: string[], rows: [string, string][]): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${e(locale)}"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;"><tr><td style="padding:24px;">
${paragraphs.map((text) => `<p style="margin:0 0 14px;font-size:14px;line-height:20px;">${e(text)}</p>`).join('\n')}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${rows.map(([label, value]) => `<tr><td style="padding:6px 0;width:35%;color:#6b7280;font-size:14px;vertical-align:top;">${e(label)}</td><td style="padding:6px 0;font-size:14px;white-space:pre-wrap;">${e(value)}</td></tr>`).join('\n')}
</table>
</td></tr></table>
</body></html>
`;
}

function leadRows(lead: CorporateLead, t: ReturnType<typeof createTranslator<Messages, 'corporate'>>): [string, string][] {
  return [
    [t('company'), lead.company],
    [t('contactName'), lead.contactName],
    [t('email'), lead.email],
    [t('phone'), lead.phone],
    [t('fleetSize'), lead.fleetSize],
    [t('message'), lead.message],
  ];
}

/**
 * The two emails a lead sends: a confirmation to the sender, in the page's language, with what they wrote; and a
 * notice to the brand's staff address (site config's assistance email), in Spanish, answering to the sender.
 */
export async function sendLeadEmails(lead: CorporateLead, { locale, siteName, staffAddress, sourcePage }: { locale: Locale; siteName: string; staffAddress: string | undefined; sourcePage: string }): Promise<void> {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'corporate' });
  const mail = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'email.corporate' });
  const subject = mail('confirmSubject', { siteName });
  const paragraphs = [mail('greeting', { name: lead.contactName }), mail('confirmIntro', { siteName }), mail('yourRequest')];
  const rows = leadRows(lead, t);
  const text = [...paragraphs, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', mail('signature', { siteName })].join('\n');
  await sendMail({ to: lead.email, subject, text, html: page(locale, subject, [...paragraphs], rows) });

  if (!staffAddress) {
    log.warn('no assistance email in the site config: staff were not notified of a lead (it is stored)');
    return;
  }
  const staffT = createTranslator({ locale: 'es', messages: MESSAGES.es, namespace: 'corporate' });
  const staffMail = createTranslator({ locale: 'es', messages: MESSAGES.es, namespace: 'email.corporate' });
  const staffSubject = staffMail('staffSubject', { company: lead.company });
  const staffRows: [string, string][] = [...leadRows(lead, staffT), [staffMail('sourcePage'), sourcePage]];
  const staffParagraphs = [staffMail('staffIntro', { siteName })];
  await sendMail({
    to: staffAddress,
    replyTo: lead.email,
    subject: staffSubject,
    text: [...staffParagraphs, '', ...staffRows.map(([label, value]) => `${label}: ${value}`), ''].join('\n'),
    html: page('es', staffSubject, staffParagraphs, staffRows),
  });
}
