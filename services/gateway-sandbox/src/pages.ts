// The sandbox's own HTML pages (3-D Secure check, PayPal buyer page, error pages): no script, no external resource,
// one inline stylesheet allowed by its hash in the Content-Security-Policy.
import { createHash } from 'node:crypto';
import type { Reply } from './http.ts';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border:1px solid #d1d5db;border-radius:.5rem;padding:1.25rem}
.badge{display:inline-block;margin:0 0 .75rem;padding:.125rem .5rem;border:1px solid #92400e;border-radius:999px;color:#92400e;font-size:.875rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
p{margin:0 0 1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1.25rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button,.button{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1rem;border-radius:.375rem;border:2px solid #1e3a8a;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.primary{background:#1e3a8a;color:#fff}
.secondary{background:#fff;color:#1e3a8a}
button:focus-visible,.button:focus-visible,a:focus-visible{outline:3px solid #b45309;outline-offset:3px}
a{color:#1e3a8a}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export interface PageOptions {
  title: string;
  /** Inner HTML of <main>, already escaped. */
  body: string;
  status?: number;
  lang?: string;
  /** Origins a form on the page may submit to, or be redirected to after submitting ('self' is always allowed). */
  formTargets?: string[];
}

export function page({ title, body, status = 200, lang = 'en', formTargets = [] }: PageOptions): Reply {
  const formAction = ["'self'", ...new Set(formTargets)].join(' ');
  const csp = [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `form-action ${formAction}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body: `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`,
  };
}

/** A page saying what went wrong, for a browser that followed a wrong or stale link. */
export function errorPage(status: number, title: string, message: string): Reply {
  return page({
    status,
    title,
    body: `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`,
  });
}

/** US dollars from cents, as pages show them: $1,234.50. */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
