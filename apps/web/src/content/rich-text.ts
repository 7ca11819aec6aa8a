import 'server-only';
import sanitizeHtml from 'sanitize-html';
import { serverEnv } from '@/lib/env';

declare const sanitised: unique symbol;

/** HTML that went through sanitizeRichText: the only HTML the storefront renders (see RichText). */
export type SafeHtml = string & { readonly [sanitised]: true };

export type RichTextAssets = {
  /** Where browsers load content-service files (DIRECTUS_PUBLIC_URL); images are served from here. */
  publicUrl: string;
  /** Other addresses of the same content service an editor may have saved (DIRECTUS_URL); rewritten to publicUrl. */
  otherUrls?: readonly string[];
};

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The content-service image at `src`, as a URL on the public address, or undefined for anything else. Images come only
 * from the content service's file library: other origins would be blocked by the Content-Security-Policy anyway, and
 * would tell a third party about every visitor; data: URLs are refused too (staff upload images to the library).
 */
function contentImageUrl(src: string | undefined, assets: RichTextAssets): string | undefined {
  if (!src) return undefined;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const publicBase = withoutTrailingSlash(assets.publicUrl);
  for (const base of [publicBase, ...(assets.otherUrls ?? []).map(withoutTrailingSlash)]) {
    const assetsPrefix = `${base}/assets/`;
    // URL parsing has already resolved any '..', so a prefix match cannot climb out of /assets/.
    if (url.href.startsWith(assetsPrefix) && url.href.length > assetsPrefix.length) {
      return `${publicBase}/assets/${url.href.slice(assetsPrefix.length)}`;
    }
  }
  return undefined;
}

function options(assets: RichTextAssets): sanitizeHtml.IOptions {
  return {
    // An allow-list: anything not named here is dropped (its text kept, except for the non-text tags below).
    allowedTags: [
      'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code',
      'ul', 'ol', 'li', 'dl', 'dt', 'dd',
      'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'abbr', 'span',
      'a', 'img', 'figure', 'figcaption',
      'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    ],
    // No class, style or id: staff text must not reach into the site's own styling or scripts' element ids.
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
      abbr: ['title'],
      ol: ['start'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      col: ['span'],
      colgroup: ['span'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    // Content of these is never text a visitor should see: dropped with the tag.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'select', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'head'],
    transformTags: {
      // The page's title is its only h1.
      h1: 'h2',
      // A new tab must not get a handle on this page (window.opener) nor learn where the visitor came from.
      a: (tagName, { target, ...attribs }) => {
        delete attribs.rel;
        return { tagName, attribs: target === '_blank' ? { ...attribs, target, rel: 'noopener noreferrer' } : attribs };
      },
      img: (tagName, { src, ...attribs }) => {
        const publicSrc = contentImageUrl(src, assets);
        delete attribs.srcset;
        return { tagName, attribs: publicSrc ? { src: publicSrc, ...attribs, loading: 'lazy', decoding: 'async' } : {} };
      },
    },
    // An image that is not the content service's goes entirely; a link whose address was refused keeps its text.
    exclusiveFilter: (frame) => {
      if (frame.tag === 'img') return !frame.attribs.src;
      if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
      return false;
    },
  };
}

/**
 * Cleans HTML written by staff in the content service (info pages, jobs, any rich text to come) with an allow-list
 * sanitiser, so that a compromised or careless editor account cannot run script in visitors' browsers: scripts, event
 * handlers, javascript: links, frames, styles, plug-ins and forms are dropped; headings, paragraphs, lists, links,
 * tables and content-service images stay.
 */
export function sanitizeRichText(html: string, assets: RichTextAssets): SafeHtml {
  return sanitizeHtml(html, options(assets)) as SafeHtml;
}

/** sanitizeRichText with this deployment's content-service addresses; readers call it when they reshape content. */
export function contentRichText(html: string): SafeHtml {
  const env = serverEnv();
  return sanitizeRichText(html, { publicUrl: env.directusPublicUrl, otherUrls: [env.directusUrl] });
}
