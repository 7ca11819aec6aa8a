import { SpriteIcon } from '@/components/sprite-icon';
import { Link } from '@/i18n';

/** A landing-page section's heading with a link to the full page (its arrow is the page's sprite's `arrowRight`). */
export function SectionHeading({ id, title, href, linkText }: { id: string; title: string; href: string; linkText: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h2 id={id} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {title}
      </h2>
      <Link href={href} className="inline-flex items-center gap-1 font-semibold text-brand underline-offset-4 hover:underline">
        {linkText} <SpriteIcon name="arrowRight" className="size-4" />
      </Link>
    </div>
  );
}
