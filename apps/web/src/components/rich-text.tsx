import type { SafeHtml } from '@/content';

/**
 * Renders staff-written HTML from the content service. It takes only SafeHtml, which readers produce with
 * contentRichText() when they reshape content, so nothing unsanitised reaches the page and the cache holds clean HTML.
 */
export function RichText({ html, className }: { html: SafeHtml; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
