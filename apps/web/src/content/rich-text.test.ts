import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

const assets = { publicUrl: 'https://cms.firefly.com.pa', otherUrls: ['http://content.internal:8055/'] };
const clean = (html: string) => sanitizeRichText(html, assets);

describe('rich text sanitiser', () => {
  it('drops scripts and styles with their content', () => {
    expect(clean('<p>Hola</p><script>alert(1)</script><style>body{display:none}</style>')).toBe('<p>Hola</p>');
    expect(clean('<p>a<script src="https://evil.example/x.js"></script>b</p>')).toBe('<p>ab</p>');
  });

  it('drops every event-handler attribute', () => {
    expect(clean('<p onclick="alert(1)" onmouseover="alert(2)">Texto</p>')).toBe('<p>Texto</p>');
    expect(clean(`<img src="https://cms.firefly.com.pa/assets/abc" onerror="alert(1)" onload="alert(2)" alt="Auto">`)).toBe(
      '<img src="https://cms.firefly.com.pa/assets/abc" alt="Auto" loading="lazy" decoding="async" />',
    );
  });

  it('drops javascript:, vbscript: and data: links, however they are spelt, keeping the link text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'jav&#x09;ascript:alert(1)', '&#106;avascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==']) {
      expect(clean(`<p><a href="${href}">clic</a></p>`), href).toBe('<p>clic</p>');
    }
  });

  it('drops frames, plug-ins, forms and other active content', () => {
    const hostile = [
      '<iframe src="https://evil.example"></iframe>',
      '<object data="x.swf"></object>',
      '<embed src="x.swf">',
      '<form action="https://evil.example"><input name="card"><button>Pagar</button></form>',
      '<svg><script>alert(1)</script></svg>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<base href="https://evil.example/">',
      '<link rel="stylesheet" href="https://evil.example/x.css">',
    ].join('');
    expect(clean(`<p>Antes</p>${hostile}<p>Después</p>`)).toBe('<p>Antes</p>Pagar<p>Después</p>');
  });

  it('drops style, class and id attributes, so staff text cannot restyle the page or clobber its element ids', () => {
    expect(clean('<p style="position:fixed;inset:0" class="fixed inset-0" id="__next">Texto</p>')).toBe('<p>Texto</p>');
  });

  it('keeps headings, paragraphs, lists, emphasis and tables', () => {
    const html =
      '<h2>Requisitos</h2><h3>Edad</h3><p>Mínimo <strong>21</strong> años, <em>sin excepción</em>.</p>' +
      '<ul><li>Licencia</li><li>Pasaporte</li></ul><ol start="2"><li>Uno</li></ol>' +
      '<table><caption>Tarifas</caption><thead><tr><th scope="col">Auto</th><th>Precio</th></tr></thead>' +
      '<tbody><tr><td colspan="2">Sedán</td></tr></tbody></table><blockquote>Cita</blockquote><hr />';
    expect(clean(html)).toBe(html);
  });

  it('makes the page’s title its only h1', () => {
    expect(clean('<h1>Otro título</h1>')).toBe('<h2>Otro título</h2>');
  });

  it('keeps links, and a link opening a new tab gets rel="noopener noreferrer" whatever staff wrote', () => {
    expect(clean('<a href="/info/preguntas-frecuentes">FAQ</a>')).toBe('<a href="/info/preguntas-frecuentes">FAQ</a>');
    expect(clean('<a href="mailto:reservas@firefly.com.pa">Escríbanos</a> <a href="tel:+5072000000">Llámenos</a>')).toBe(
      '<a href="mailto:reservas@firefly.com.pa">Escríbanos</a> <a href="tel:+5072000000">Llámenos</a>',
    );
    expect(clean('<a href="https://www.atp.gob.pa" target="_blank" rel="opener">ATP</a>')).toBe(
      '<a href="https://www.atp.gob.pa" target="_blank" rel="noopener noreferrer">ATP</a>',
    );
    expect(clean('<a href="https://www.atp.gob.pa" target="_top" rel="opener">ATP</a>')).toBe('<a href="https://www.atp.gob.pa">ATP</a>');
  });

  it('keeps images from the content service’s file library, on its public address', () => {
    expect(clean('<img src="https://cms.firefly.com.pa/assets/1f0c-9a?width=800" alt="Sedán" width="800" height="400" srcset="https://evil.example/a.png 2x">')).toBe(
      '<img src="https://cms.firefly.com.pa/assets/1f0c-9a?width=800" alt="Sedán" width="800" height="400" loading="lazy" decoding="async" />',
    );
    // Saved through the content service's internal address: served from the public one.
    expect(clean('<img src="http://content.internal:8055/assets/1f0c-9a" alt="">')).toBe(
      '<img src="https://cms.firefly.com.pa/assets/1f0c-9a" alt="" loading="lazy" decoding="async" />',
    );
  });

  it('drops images from anywhere else, data: images and paths that leave /assets/', () => {
    for (const src of [
      'https://evil.example/assets/x.png',
      'https://cms.firefly.com.pa.evil.example/assets/x.png',
      'https://cms.firefly.com.pa/admin/x.png',
      'https://cms.firefly.com.pa/assets/../admin',
      'https://cms.firefly.com.pa/assets/',
      '//cms.firefly.com.pa/assets/x',
      '/assets/x',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
    ]) {
      expect(clean(`<p>a<img src="${src}" alt="x">b</p>`), src).toBe('<p>ab</p>');
    }
  });

  it('leaves plain text escaped', () => {
    expect(clean('5 < 6 & "comillas"')).toBe('5 &lt; 6 &amp; "comillas"');
    expect(clean('')).toBe('');
  });
});
