import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n';
import type { CallToAction } from '@/content';

/** The brand's call-to-action blocks from the content service. */
export function CtaBlocks({ ctas, locale }: { ctas: CallToAction[]; locale: Locale }) {
  if (ctas.length === 0) return null;
  return (
    <section className="mx-auto max-w-6xl px-4 pt-14">
      <ul className="grid gap-6 md:grid-cols-2">
        {ctas.map((cta) => {
          const text = cta.text[locale];
          const external = /^https?:\/\//.test(cta.link);
          return (
            <li key={cta.id} className="flex flex-col gap-4 overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 sm:flex-row">
              {text.imageUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- SVG artwork from the content service
                <img src={text.imageUrl} alt="" width={320} height={200} loading="lazy" className="h-40 w-full object-cover sm:h-auto sm:w-48" />
              ) : null}
              <div className="flex flex-1 flex-col gap-2 p-5">
                <h2 className="text-xl font-bold text-slate-900">{text.title}</h2>
                <p className="text-slate-700">{text.description}</p>
                {external ? (
                  <a href={cta.link} className="btn-primary mt-auto self-start" rel="noopener">
                    {text.buttonText}
                  </a>
                ) : (
                  <Link href={cta.link} className="btn-primary mt-auto self-start">
                    {text.buttonText}
                  </Link>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
