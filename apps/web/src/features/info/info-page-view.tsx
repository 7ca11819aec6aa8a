import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { CorporateLeadForm } from '@/features/corporate';
import type { Locale } from '@/i18n/routing';
import { RichText } from '@/components/rich-text';
import { loadAppData, withSiteSettings, type InfoPage } from '@/content';
import { getPathname } from '@/i18n/navigation';

/** An info page: title, optional image and the staff-written HTML body. */
export async function InfoPageView({ page, locale }: { page: InfoPage; locale: Locale }) {
  const text = page.text[locale];
  const [t, messages, { site }] = await Promise.all([getTranslations('info'), getMessages(), loadAppData()]);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{text.title}</h1>
      {text.imageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- artwork from the content service
        <img src={text.imageUrl} alt="" width={960} height={400} className="mt-6 w-full rounded-2xl" />
      ) : null}
      <RichText className="prose-content mt-6" html={withSiteSettings(text.content, site)} />
      {page.showCorporateForm ? (
        <section aria-labelledby="corporate-form-title" className="mt-12 rounded-2xl border border-slate-200 bg-slate-50 p-6" data-testid="corporate-form">
          <h2 id="corporate-form-title" className="text-xl font-bold text-slate-900">
            {t('corporateFormTitle')}
          </h2>
          <p className="mt-2 text-slate-700">{t('corporateFormIntro')}</p>
          <NextIntlClientProvider locale={locale} messages={{ corporate: messages.corporate, validation: messages.validation, booking: { errors: messages.booking.errors, errorSummary: messages.booking.errorSummary } }}>
            <CorporateLeadForm locale={locale} sourcePage={getPathname({ href: `/info/${page.slug}`, locale })} />
          </NextIntlClientProvider>
        </section>
      ) : null}
    </article>
  );
}
