import { getTranslations } from 'next-intl/server';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import type { SiteConfig } from '@/content';
import { displayPhone, phoneHref } from '@/features/branches';

/** The brand's 24-hour assistance line, WhatsApp and email. */
export async function AssistanceContact({ assistance }: { assistance: SiteConfig['assistance'] }) {
  const t = await getTranslations('assistance');
  return (
    <section aria-labelledby="assistance-title" className="space-y-3">
      <h2 id="assistance-title" className="text-base font-semibold text-white">
        {t('title')}
      </h2>
      <ul className="space-y-2 text-sm">
        {assistance.phone ? (
          <li>
            <a href={phoneHref(assistance.phone)} className="footer-link inline-flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4" />
              {t('call', { phone: displayPhone(assistance.phone) })}
            </a>
          </li>
        ) : null}
        {assistance.whatsapp ? (
          <li>
            <a href={`https://wa.me/${assistance.whatsapp.replace(/\D/g, '')}`} className="footer-link inline-flex items-center gap-2" rel="noopener">
              <MessageCircle aria-hidden="true" className="size-4" />
              {t('whatsapp')} {displayPhone(assistance.whatsapp)}
            </a>
          </li>
        ) : null}
        {assistance.email ? (
          <li>
            <a href={`mailto:${assistance.email}`} className="footer-link inline-flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4" />
              {t('email', { email: assistance.email })}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
