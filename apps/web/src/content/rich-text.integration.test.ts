import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/content-admin';

// A page staff saved with hostile HTML, created as admin in the content service the harness started (CONTENT_URL),
// and read back from the storefront (WEB_URL), whose DIRECTUS_PUBLIC_URL is that same content service.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3100';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8155';

// Every hostile part carries a marker that must not appear anywhere in the storefront's answer: not in the HTML, and
// not in the page data Next inlines for the browser either.
const HOSTILE = {
  script: '<script>window.__hostile_script = 1</script>',
  eventHandler: '<p onclick="window.__hostile_onclick = 1" onmouseover="window.__hostile_onmouseover = 1">Párrafo con manejador</p>',
  imageHandler: '<img src="https://evil.example/x.png" onerror="window.__hostile_onerror = 1" alt="">',
  javascriptLink: '<a href="javascript:window.__hostile_link = 1">Enlace peligroso</a>',
  iframe: '<iframe src="https://evil.example/__hostile_iframe"></iframe>',
  style: '<style>.__hostile_style { display: none }</style>',
  object: '<object data="https://evil.example/__hostile_object.swf"></object><embed src="https://evil.example/__hostile_embed.swf">',
  form: '<form action="https://evil.example/__hostile_form"><input name="__hostile_input"><button>Enviar</button></form>',
  foreignImage: '<img src="https://evil.example/__hostile_image.png" alt="Imagen ajena">',
} as const;
const MARKERS = ['__hostile_script', '__hostile_onclick', '__hostile_onmouseover', '__hostile_onerror', '__hostile_link', '__hostile_iframe', '__hostile_style', '__hostile_object', '__hostile_embed', '__hostile_form', '__hostile_input', '__hostile_image', 'javascript:', '<iframe', '<script>window', '<form', '<object', '<embed', '<style>.'];

type Auth = Record<string, string>;

function pageHtml(language: 'es' | 'en', imageUrl: string): string {
  const safe =
    `<h1>Título de ${language}</h1><h2>Encabezado seguro ${language}</h2>` +
    `<ul><li>Elemento uno ${language}</li><li>Elemento dos</li></ul>` +
    `<p><a href="https://www.atp.gob.pa" target="_blank">Turismo ${language}</a> y <a href="/info/preguntas-frecuentes">preguntas</a></p>` +
    `<table><thead><tr><th>Auto</th><th>Precio</th></tr></thead><tbody><tr><td>Sedán ${language}</td><td>40</td></tr></tbody></table>` +
    `<img src="${imageUrl}" alt="Imagen del servicio ${language}">`;
  return safe + Object.values(HOSTILE).join('\n');
}

describe('an info page staff saved with hostile HTML', () => {
  const slug = `prueba-html-hostil-${Date.now()}`;
  let auth: Auth;
  let pageId: number | undefined;
  let imageUrl: string;

  beforeAll(async () => {
    // Info pages read once before the new page exists, so its webhook finds no first read of the list still running.
    expect((await fetch(`${webUrl}/es/info/terminos-y-condiciones`)).status).toBe(200);
    auth = await adminHeaders(contentUrl);
    // An image visitors may load (read without a token: a draft's image is private to staff).
    const files = await fetch(`${contentUrl}/files?filter[type][_starts_with]=image/&fields=id&limit=1`);
    const fileId = ((await files.json()) as { data: { id: string }[] }).data[0]?.id;
    expect(fileId).toBeDefined();
    imageUrl = `${contentUrl}/assets/${fileId}`;
    const created = await fetch(`${contentUrl}/items/info_pages`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        status: 'published',
        slug,
        page_category: 'general',
        translations: [
          { languages_code: 'es-ES', title: 'Página con HTML hostil', content: pageHtml('es', imageUrl) },
          { languages_code: 'en-US', title: 'Page with hostile HTML', content: pageHtml('en', imageUrl) },
        ],
      }),
    });
    expect(created.status).toBe(200);
    pageId = ((await created.json()) as { data: { id: number } }).data.id;
  });

  afterAll(async () => {
    if (pageId !== undefined) await fetch(`${contentUrl}/items/info_pages/${pageId}`, { method: 'DELETE', headers: auth });
  });

  /** The page once the revalidation webhook has told the storefront about it. */
  async function published(path: string, title: string): Promise<string> {
    let html = '';
    await expect
      .poll(async () => {
        const response = await fetch(`${webUrl}${path}`);
        html = await response.text();
        return response.status === 200 && html.includes(title);
      }, { timeout: 15_000, interval: 500 })
      .toBe(true);
    return html;
  }

  for (const [language, path, title] of [
    ['es', `/info/${slug}`, 'Página con HTML hostil'],
    ['en', `/en/info/${slug}`, 'Page with hostile HTML'],
  ] as const) {
    it(`is served without scripts, handlers, javascript: links, frames, styles, plug-ins or forms (${language})`, async () => {
      const html = await published(path, title);
      for (const marker of MARKERS) expect(html, marker).not.toContain(marker);
      expect(html).not.toMatch(/<[a-z]+[^>]*\son[a-z]+=/i);
      // The text around the hostile parts stays.
      expect(html).toContain('<p>Párrafo con manejador</p>');
      expect(html).toContain('Enlace peligroso');
    });

    it(`keeps its headings, lists, links, tables and content-service images (${language})`, async () => {
      const html = await published(path, title);
      expect(html).toContain(`<h2>Título de ${language}</h2>`);
      expect(html).toContain(`<h2>Encabezado seguro ${language}</h2>`);
      expect(html).toContain(`<ul><li>Elemento uno ${language}</li><li>Elemento dos</li></ul>`);
      expect(html).toContain(`<a href="https://www.atp.gob.pa" target="_blank" rel="noopener noreferrer">Turismo ${language}</a>`);
      expect(html).toContain('<a href="/info/preguntas-frecuentes">preguntas</a>');
      expect(html).toContain(`<tbody><tr><td>Sedán ${language}</td><td>40</td></tr></tbody>`);
      expect(html).toContain(`<img src="${imageUrl}" alt="Imagen del servicio ${language}" loading="lazy" decoding="async" />`);
      expect((await fetch(imageUrl)).status).toBe(200);
    });
  }
});
