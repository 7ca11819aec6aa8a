import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTranslator } from 'next-intl';
import es from '../../../messages/es.json';
import en from '../../../messages/en.json';

const hidden = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;

/** The map link's text as the page renders it: what a screen reader names it, and what the eye sees. */
function mapLinkText(locale: 'es' | 'en', name: string) {
  const t = createTranslator({ locale, messages: locale === 'es' ? es : en, namespace: 'branches' });
  const html = renderToStaticMarkup(<>{t.rich('mapLink', { name, hidden })}</>);
  const strip = (markup: string) => markup.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
  return { accessible: strip(html), visible: strip(html.replace(/<span class="sr-only">.*?<\/span>/g, '')) };
}

describe('the map link’s text', () => {
  it('names the branch and the new tab for screen readers, and shows a short label', () => {
    expect(mapLinkText('es', 'Colón')).toEqual({ accessible: 'Ver la sucursal Colón en el mapa (se abre en otra pestaña)', visible: 'Ver en el mapa' });
    expect(mapLinkText('en', 'Colón')).toEqual({ accessible: 'View the Colón branch on the map (opens in a new tab)', visible: 'View on the map' });
  });
});
