import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '@antique/shared/sanitize-html';

describe('sanitizeHtml (the product description preview)', () => {
  it('keeps the formatting an operator writes', () => {
    const html =
      '<h3>器物描述</h3><p>青花发色<strong>浓艳</strong></p><ul><li>底款</li></ul><img src="/files/product/a" alt="瓶">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, handlers, styles and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="x()" style="color:red">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a><img src="/f" onerror="x()">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|style=|javascript:/);
    expect(out).toContain('<p>a</p>');
  });

  it('refuses SVG data images, which can carry scripts', () => {
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,AAAA">')).toBe('<img>');
  });
});
