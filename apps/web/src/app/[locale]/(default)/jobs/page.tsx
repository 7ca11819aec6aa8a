import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { Briefcase, MapPin } from 'lucide-react';
import { enterLocale, formatContentDate } from '@/i18n';
import { formatPanamaDate } from '@rentacar/domain/dates';
import { isJobOpenOn } from '@rentacar/domain/jobs';
import { getJobs } from '@/content';
import { JobApplicationForm } from '@/features/jobs';
import { PageHeader } from '@/components/page-header';
import { RichText } from '@/components/rich-text';
import { catalogueMetadata } from '@/shared/seo';

type Props = { params: Promise<{ locale: string }> };

const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'internship'] as const;
type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
const isEmploymentType = (value: string): value is EmploymentType => (EMPLOYMENT_TYPES as readonly string[]).includes(value);

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return catalogueMetadata(params, 'jobs', '/jobs');
}

export default async function JobsPage({ params }: Props) {
  const locale = await enterLocale(params);
  // The page is cached until staff edit the offers: an offer past its closing day still shows its form until then,
  // and the content service refuses the application with the reason.
  const today = formatPanamaDate(new Date());
  const [jobs, t, messages] = await Promise.all([getJobs(), getTranslations('jobs'), getMessages()]);
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <PageHeader title={t('title')} intro={t('intro')} />
      {jobs.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-6 text-slate-700">{t('empty')}</p>
      ) : (
        <NextIntlClientProvider locale={locale} messages={{ jobs: messages.jobs, validation: messages.validation, booking: { errors: messages.booking.errors, errorSummary: messages.booking.errorSummary } }}>
        <ul className="space-y-6">
          {jobs.map((job) => {
            const text = job.text[locale];
            return (
              <li key={job.id}>
                <article className="space-y-3 rounded-2xl border border-slate-200 p-6" aria-labelledby={`job-${job.id}`}>
                  <h2 id={`job-${job.id}`} className="text-xl font-bold text-slate-900">{text.title}</h2>
                  <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                    {job.location?.[locale] ? (
                      <span className="inline-flex items-center gap-1"><MapPin aria-hidden="true" className="size-4" />{job.location[locale]}</span>
                    ) : null}
                    <span className="inline-flex items-center gap-1">
                      <Briefcase aria-hidden="true" className="size-4" />
                      {isEmploymentType(job.employmentType) ? t(`employmentType.${job.employmentType}`) : job.employmentType}
                    </span>
                    {job.postedOn ? <span>{t('postedOn', { date: formatContentDate(job.postedOn, locale) })}</span> : null}
                    {job.closingOn ? <span>{t('closingOn', { date: formatContentDate(job.closingOn, locale) })}</span> : null}
                  </p>
                  {text.summary ? <p className="text-slate-800">{text.summary}</p> : null}
                  {text.description ? <RichText className="prose-content" html={text.description} /> : null}
                  {text.requirements.length > 0 ? (
                    <div>
                      <h3 className="font-semibold text-slate-900">{t('requirements')}</h3>
                      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
                        {text.requirements.map((requirement) => <li key={requirement}>{requirement}</li>)}
                      </ul>
                    </div>
                  ) : null}
                  {isJobOpenOn(job.closingOn, today) ? (
                    <details className="group rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid={`apply-${job.slug}`}>
                      <summary className="cursor-pointer font-semibold text-brand">{t('application.open', { title: text.title })}</summary>
                      <div className="mt-4">
                        <JobApplicationForm locale={locale} jobId={job.id} />
                      </div>
                    </details>
                  ) : (
                    <p className="text-sm font-semibold text-slate-700">{t('errors.jobClosed')}</p>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
        </NextIntlClientProvider>
      )}
    </div>
  );
}
