import { describe, expect, it } from 'vitest';
import type { SafeHtml } from './rich-text';
import { withSiteSettings } from './info-pages';

describe("an info page's placeholders", () => {
  it("states the site config's refund delay wherever the text names it, and leaves other braces alone", () => {
    const html = '<p>Reembolsos en hasta {refund_business_days} días hábiles; {otro} sigue igual. Otra vez: {refund_business_days}.</p>' as SafeHtml;
    expect(withSiteSettings(html, { refundBusinessDays: 12 })).toBe('<p>Reembolsos en hasta 12 días hábiles; {otro} sigue igual. Otra vez: 12.</p>');
  });
});
