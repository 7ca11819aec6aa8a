import type { Locale } from '@/i18n/routing';
import { serverTranslator } from '@/i18n/server-translator';
import { escapeHtml } from './html';

/**
 * The one look of every e-mail the storefront sends, and its plain-text twin: an e-mail is written once as a list of
 * blocks, and `renderEmail` gives both parts. The HTML is what mail clients render alike: one column, a 600 px table
 * (narrower on a phone), every style inline (clients drop <style>), nothing loaded from elsewhere (clients block remote
 * images and fonts; an image travels as an inline attachment, `cid:`). An e-mail about a reservation closes with its
 * number and the manage-booking link prefilled with it, in both parts.
 */

/** A link the e-mail shows: its words and an absolute http(s) address. */
export type EmailLink = { label: string; url: string };

/** An image attached to the message and shown inline (`cid:`), never loaded from a server. */
export type InlineImage = { cid: string; alt: string; width: number; height: number };

export type EmailBlock =
  /**
   * A paragraph; `muted` for a side note, `highlight` for what the renter must not miss (money due, a deadline),
   * `success` for what is settled (paid) and must not read as a warning.
   */
  | { kind: 'text'; text: string; tone?: 'muted' | 'highlight' | 'success' }
  | { kind: 'heading'; text: string }
  /** The reservation number, large, in a frame; with an image under it (the pre-check-in's QR code). */
  | { kind: 'number'; label: string; value: string; image?: InlineImage }
  /** Labelled values, one or more lines each (a branch: its name, address, date and phone), and a link under them (its map). */
  | { kind: 'fields'; rows: { label: string; lines: string[]; link?: EmailLink }[] }
  /** A bulleted list (what to bring). */
  | { kind: 'list'; items: string[] }
  /** A bill: its lines and, under a rule, its total. */
  | { kind: 'amounts'; rows: { label: string; amount: string }[]; total?: { label: string; amount: string } }
  /** A button; `showUrl` prints the address under it too (a link to copy when the button does not work). */
  | { kind: 'button'; intro?: string; link: EmailLink; showUrl?: boolean };

export type EmailDocument = {
  locale: Locale;
  siteName: string;
  subject: string;
  /** The line a mail client shows beside the subject in the inbox. */
  preheader?: string;
  greeting?: string;
  blocks: EmailBlock[];
  /** The closing lines ("Kind regards," / "The ... team"). */
  signature: string[];
  /** The reservation the e-mail is about: its number and the manage-booking address prefilled with it. */
  reservation?: { number: string; manageUrl: string };
};

export type RenderedEmail = { html: string; text: string };

/** An address that goes into an href: only http(s). */
export function emailUrl(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`[mail] a link of an e-mail is not http(s): ${value}`);
  return url.href;
}

function footerLines(document: EmailDocument): { reservation?: { label: string; link: EmailLink }; sentBy: string } {
  const t = serverTranslator(document.locale, 'email.layout');
  return {
    ...(document.reservation
      ? { reservation: { label: t('reservation', { number: document.reservation.number }), link: { label: t('manage'), url: emailUrl(document.reservation.manageUrl) } } }
      : {}),
    sentBy: t('sentBy', { siteName: document.siteName }),
  };
}

// ------------------------------------------------------------------------------------------------------ plain text

function textOf(block: EmailBlock): string[] {
  switch (block.kind) {
    case 'text':
      return [block.text];
    case 'heading':
      return [block.text];
    case 'number':
      return [`${block.label}: ${block.value}`];
    case 'fields':
      return block.rows.flatMap(({ label, lines, link }) => {
        const [first = '', ...rest] = lines;
        return [`${label}: ${first}`, ...rest.map((line) => `  ${line}`), ...(link ? [`  ${link.label}: ${emailUrl(link.url)}`] : [])];
      });
    case 'list':
      return block.items.map((item) => `  - ${item}`);
    case 'amounts':
      return [...block.rows.map(({ label, amount }) => `  ${label}: ${amount}`), ...(block.total ? [`${block.total.label}: ${block.total.amount}`] : [])];
    case 'button':
      return [...(block.intro ? [block.intro] : []), emailUrl(block.link.url)];
  }
}

function renderText(document: EmailDocument): string {
  const footer = footerLines(document);
  // A heading sits on the block it titles; every other block is a paragraph of its own.
  const paragraphs: string[][] = [];
  let pendingHeading: string | undefined;
  for (const block of document.blocks) {
    if (block.kind === 'heading') {
      pendingHeading = block.text;
      continue;
    }
    paragraphs.push([...(pendingHeading === undefined ? [] : [pendingHeading]), ...textOf(block)]);
    pendingHeading = undefined;
  }
  if (pendingHeading !== undefined) paragraphs.push([pendingHeading]);
  return [
    ...(document.greeting === undefined ? [] : [[document.greeting]]),
    ...paragraphs,
    ...(document.signature.length === 0 ? [] : [document.signature]),
    ['--', ...(footer.reservation ? [`${footer.reservation.label} · ${footer.reservation.link.label}: ${footer.reservation.link.url}`] : []), footer.sentBy],
  ]
    .map((lines) => lines.join('\n'))
    .join('\n\n')
    .concat('\n');
}

// ------------------------------------------------------------------------------------------------------------ HTML

const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const P = `margin:0 0 16px;${FONT}font-size:15px;line-height:22px;color:${INK};`;
const CELL = `padding:6px 0;vertical-align:top;${FONT}font-size:14px;line-height:20px;color:${INK};`;
const LABEL_CELL = `${CELL}width:38%;padding-right:12px;color:${MUTED};`;
const AMOUNT_CELL = `${CELL}text-align:right;white-space:nowrap;padding-left:12px;`;
const TABLE = 'role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"';

/** A link in the text: underlined, in the ink's colour. */
function linkHtml(link: EmailLink): string {
  return `<a href="${escapeHtml(emailUrl(link.url))}" style="color:${INK};font-weight:bold;text-decoration:underline;">${escapeHtml(link.label)}</a>`;
}

// A phone number as the e-mails write it (`+507 302-1000`).
const PHONE = String.raw`\+\d[\d -]*\d`;

/**
 * Text for an element, escaped, with the reservation's number and phone numbers each kept on one line (a narrow screen
 * would otherwise break them at a hyphen). Never for an attribute.
 */
function wordsOf(document: EmailDocument): (value: string) => string {
  const number = document.reservation ? escapeHtml(document.reservation.number).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : undefined;
  const unbroken = new RegExp(number === undefined ? PHONE : `${number}|${PHONE}`, 'g');
  return (value) => escapeHtml(value).replace(unbroken, (words) => `<span style="white-space:nowrap;">${words}</span>`);
}

function htmlOf(block: EmailBlock, words: (value: string) => string): string {
  const e = escapeHtml;
  switch (block.kind) {
    case 'text':
      if (block.tone === 'highlight') {
        return `<table ${TABLE} style="margin:0 0 16px;"><tr><td style="padding:12px 14px;background:#fef3c7;border-radius:6px;${FONT}font-size:15px;line-height:22px;color:${INK};">${words(block.text)}</td></tr></table>`;
      }
      if (block.tone === 'success') {
        // Green, with a check mark so that it does not rest on the colour alone; the text stays the ink colour (contrast).
        return `<table ${TABLE} style="margin:0 0 16px;"><tr><td style="padding:12px 14px;background:#dcfce7;border-left:4px solid #15803d;border-radius:6px;${FONT}font-size:15px;line-height:22px;color:${INK};"><span aria-hidden="true" style="color:#15803d;font-weight:bold;">&#10003;</span> ${words(block.text)}</td></tr></table>`;
      }
      return `<p style="${block.tone === 'muted' ? `${P}font-size:13px;line-height:19px;color:${MUTED};` : P}">${words(block.text)}</p>`;
    case 'heading':
      return `<h2 style="margin:8px 0 8px;${FONT}font-size:17px;line-height:24px;color:${INK};">${words(block.text)}</h2>`;
    case 'number': {
      const image = block.image
        ? `<img src="cid:${e(block.image.cid)}" width="${block.image.width}" height="${block.image.height}" alt="${e(block.image.alt)}" style="display:block;margin:12px auto 0;border:0;">`
        : '';
      return `<table ${TABLE} style="margin:0 0 20px;"><tr><td align="center" style="padding:16px;border:2px solid ${INK};border-radius:8px;text-align:center;">
<div style="${FONT}font-size:13px;line-height:18px;color:${MUTED};">${e(block.label)}</div>
<div style="${FONT}font-size:28px;line-height:36px;font-weight:bold;letter-spacing:2px;color:${INK};">${e(block.value)}</div>${image}
</td></tr></table>`;
    }
    case 'fields':
      return `<table ${TABLE} style="margin:0 0 16px;">
${block.rows.map(({ label, lines, link }) => `<tr><td style="${LABEL_CELL}">${e(label)}</td><td style="${CELL}">${[...lines.map(words), ...(link ? [linkHtml(link)] : [])].join('<br>')}</td></tr>`).join('\n')}
</table>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding:0 0 0 22px;">
${block.items.map((item) => `<li style="margin:0 0 4px;${FONT}font-size:15px;line-height:22px;color:${INK};">${words(item)}</li>`).join('\n')}
</ul>`;
    case 'amounts': {
      const total = block.total
        ? `\n<tr><td style="${CELL}border-top:1px solid ${RULE};font-weight:bold;">${e(block.total.label)}</td><td style="${AMOUNT_CELL}border-top:1px solid ${RULE};font-weight:bold;">${e(block.total.amount)}</td></tr>`
        : '';
      return `<table ${TABLE} style="margin:0 0 16px;">
${block.rows.map(({ label, amount }) => `<tr><td style="${CELL}">${e(label)}</td><td style="${AMOUNT_CELL}">${e(amount)}</td></tr>`).join('\n')}${total}
</table>`;
    }
    case 'button': {
      const url = emailUrl(block.link.url);
      const intro = block.intro ? `<p style="${P}margin-bottom:8px;">${words(block.intro)}</p>` : '';
      const shown = block.showUrl ? `<p style="margin:0 0 16px;${FONT}font-size:12px;line-height:18px;color:${MUTED};word-break:break-all;">${e(url)}</p>` : '';
      return `${intro}<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;"><tr><td style="border-radius:6px;background:${INK};"><a href="${e(url)}" style="display:inline-block;padding:12px 20px;${FONT}font-size:15px;line-height:20px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${e(block.link.label)}</a></td></tr></table>${shown}`;
    }
  }
}

function renderHtml(document: EmailDocument): string {
  const e = escapeHtml;
  const words = wordsOf(document);
  const footer = footerLines(document);
  const preheader = document.preheader
    ? `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${e(document.preheader)}</div>\n`
    : '';
  const greeting = document.greeting === undefined ? '' : `<p style="${P}font-size:16px;">${e(document.greeting)}</p>\n`;
  const signature = document.signature.length === 0 ? '' : `<p style="margin:8px 0 0;${FONT}font-size:15px;line-height:22px;color:${INK};">${document.signature.map(e).join('<br>')}</p>\n`;
  const reservation = footer.reservation
    ? `<p style="margin:0 0 6px;${FONT}font-size:13px;line-height:19px;color:${MUTED};">${words(footer.reservation.label)} · <a href="${e(footer.reservation.link.url)}" style="color:${INK};text-decoration:underline;">${e(footer.reservation.link.label)}</a></p>\n`
    : '';
  return `<!doctype html>
<html lang="${e(document.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${e(document.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;-webkit-text-size-adjust:100%;">
${preheader}<table ${TABLE} style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:18px 24px;border-bottom:1px solid #e5e7eb;${FONT}font-size:18px;line-height:24px;font-weight:bold;color:${INK};">${e(document.siteName)}</td></tr>
<tr><td style="padding:24px;">
${greeting}${document.blocks.map((block) => htmlOf(block, words)).join('\n')}
${signature}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;">
${reservation}<p style="margin:0;${FONT}font-size:12px;line-height:18px;color:${MUTED};">${e(footer.sentBy)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The e-mail's two parts, from one description: the HTML and the plain text say the same. */
export function renderEmail(document: EmailDocument): RenderedEmail {
  return { html: renderHtml(document), text: renderText(document) };
}
