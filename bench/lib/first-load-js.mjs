// First-load JavaScript of a page: every same-origin script its HTML makes the browser fetch (<script src>,
// <link rel=modulepreload>, <link rel=preload as=script>), each fetched once and gzip-compressed with Node's zlib
// at level 9, summed. Inline scripts (React's flight data) are part of the HTML document and reported apart, as are
// noModule scripts, which a browser that runs the page's modules never downloads.
import { gzipSync, constants } from 'node:zlib';

export const GZIP_LEVEL = constants.Z_BEST_COMPRESSION; // 9

const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(2).find((v) => v !== undefined);

/**
 * Script URLs referenced by the HTML, resolved against the page and deduplicated, in document order. `noModule`
 * scripts (Next's legacy polyfills) are returned apart: browsers that run modules never download them.
 */
export function scriptUrls(html, pageUrl) {
  const found = [];
  const noModule = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) (/\snomodule\b/i.test(tag) ? noModule : found).push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase();
    const as = (attr(tag, 'as') ?? '').toLowerCase();
    const href = attr(tag, 'href');
    if (href && (rel === 'modulepreload' || (rel === 'preload' && as === 'script'))) found.push(href);
  }
  const resolve = (values) => [...new Set(values.map((value) => new URL(value.replaceAll('&amp;', '&'), pageUrl).href))];
  return { scripts: resolve(found), noModule: resolve(noModule) };
}

function inlineScriptBytes(html) {
  let raw = '';
  for (const [, body] of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) raw += body;
  return { raw: Buffer.byteLength(raw), gzip: gzipSync(raw, { level: GZIP_LEVEL }).length };
}

export async function measureFirstLoadJs(pageUrl, html) {
  const origin = new URL(pageUrl).origin;
  const { scripts, noModule } = scriptUrls(html, pageUrl);
  const sameOrigin = (url) => new URL(url).origin === origin;
  const chunks = [];
  for (const url of scripts.filter(sameOrigin)) chunks.push(await measureScript(url));
  chunks.sort((a, b) => b.gzip - a.gzip);
  const notCounted = [];
  for (const url of noModule.filter(sameOrigin)) notCounted.push({ ...(await measureScript(url)), why: 'noModule' });
  return {
    gzipKb: chunks.reduce((sum, c) => sum + c.gzip, 0) / 1024,
    rawKb: chunks.reduce((sum, c) => sum + c.raw, 0) / 1024,
    chunks,
    notCounted,
    crossOrigin: [...scripts, ...noModule].filter((url) => !sameOrigin(url)),
    inline: inlineScriptBytes(html),
  };
}

async function measureScript(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`first-load JS: ${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { file: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: GZIP_LEVEL }).length };
}
