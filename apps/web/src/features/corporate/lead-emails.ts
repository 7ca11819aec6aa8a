import 'server-only';
import type { CorporateLead } from '@rentacar/domain/corporate';
import type { Locale } from '@/i18n/routing';
import { renderEmail, sendMail, type EmailBlock } from '@/shared/email';
import { serverTranslator, type ServerTranslator } from '@/i18n/server-translator';
import { logFor } from '@/lib/log';

const log = logFor('corporate');

/** The lead's answers as labelled values (a message keeps its line breaks). */
function fieldsOf(rows: [string, string][]): EmailBlock {
  return { kind: 'fields', rows: rows.map(([label, value]) => ({ label, lines: value.split(/\r?\n/) })) };
}

function leadRows(lead: CorporateLead, t: ServerTranslator<'corporate'>): [string, string][] {
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
  const t = serverTranslator(locale, 'corporate');
  const mail = serverTranslator(locale, 'email.corporate');
  const subject = mail('confirmSubject', { siteName });
  const rows = leadRows(lead, t);
  const confirmation = renderEmail({
    locale,
    siteName,
    subject,
    greeting: mail('greeting', { name: lead.contactName }),
    blocks: [{ kind: 'text', text: mail('confirmIntro', { siteName }) }, { kind: 'text', text: mail('yourRequest') }, fieldsOf(rows)],
    signature: [mail('signature', { siteName })],
  });
  await sendMail({ to: lead.email, subject, ...confirmation });

  if (!staffAddress) {
    log.warn('no assistance email in the site config: staff were not notified of a lead (it is stored)');
    return;
  }
  const staffT = serverTranslator('es', 'corporate');
  const staffMail = serverTranslator('es', 'email.corporate');
  const staffSubject = staffMail('staffSubject', { company: lead.company });
  const staffRows: [string, string][] = [...leadRows(lead, staffT), [staffMail('sourcePage'), sourcePage]];
  const notice = renderEmail({
    locale: 'es',
    siteName,
    subject: staffSubject,
    blocks: [{ kind: 'text', text: staffMail('staffIntro', { siteName }) }, fieldsOf(staffRows)],
    signature: [],
  });
  await sendMail({ to: staffAddress, replyTo: lead.email, subject: staffSubject, ...notice });
}
