/** A font face the card gateway's frame loads to draw its fields: a family of the page and its file on this origin. */
export type FrameFont = { family: string; src: string; weight?: string; style?: string; unicodeRange?: string };

/** The page's text style, as the gateway's `configure` message takes it (like the style options of real gateways). */
export type FrameStyle = { style: { base: { fontFamily: string; fontSize: string; color: string } }; fonts: FrameFont[] };

const unquote = (name: string) => name.trim().replace(/^(['"])(.*)\1$/, '$2');

/** The first `url(...)` of a font face's `src`, made absolute against the stylesheet that declared it. */
function fontFileUrl(src: string, base: string): string | undefined {
  const written = /url\(\s*(['"]?)([^'")]+)\1\s*\)/.exec(src)?.[2];
  if (written === undefined) return undefined;
  try {
    return new URL(written, base).href;
  } catch {
    return undefined;
  }
}

/** The @font-face rules of the page's own stylesheets (another origin's cannot be read, and are not ours). */
function fontFaceRules(): { rule: CSSFontFaceRule; base: string }[] {
  const found: { rule: CSSFontFaceRule; base: string }[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSFontFaceRule) found.push({ rule, base: sheet.href ?? document.baseURI });
    }
  }
  return found;
}

/**
 * How text looks on the page at `element` (its computed font family, size and colour), with the font faces of those
 * families that the page loads from this origin: given to the gateway's frame so its card fields are drawn in the
 * page's own font rather than the frame's. Only files on this origin are named; the storefront lets the frame's
 * origin read them (lib/response-headers.ts, crossOriginReaderFor).
 */
export function pageTextStyle(element: Element): FrameStyle {
  const computed = getComputedStyle(element);
  const families = new Set(computed.fontFamily.split(',').map(unquote));
  const fonts: FrameFont[] = [];
  for (const { rule, base } of fontFaceRules()) {
    const family = unquote(rule.style.getPropertyValue('font-family'));
    if (!families.has(family)) continue;
    const src = fontFileUrl(rule.style.getPropertyValue('src'), base);
    if (src === undefined || new URL(src).origin !== window.location.origin) continue;
    const weight = rule.style.getPropertyValue('font-weight');
    const style = rule.style.getPropertyValue('font-style');
    const unicodeRange = rule.style.getPropertyValue('unicode-range');
    fonts.push({ family, src, ...(weight ? { weight } : {}), ...(style ? { style } : {}), ...(unicodeRange ? { unicodeRange } : {}) });
  }
  return { style: { base: { fontFamily: computed.fontFamily, fontSize: computed.fontSize, color: computed.color } }, fonts };
}
