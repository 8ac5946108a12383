import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '@antique/shared/sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps formatting, headings, lists and images', () => {
    const html =
      '<h2>一、协议</h2><p>欢迎<strong>使用</strong></p><ul><li>一</li></ul><img src="/files/a.png" alt="a">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles, frames and their content', () => {
    expect(sanitizeHtml('<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe>')).toBe(
      '<p>ok</p>',
    );
  });

  it('removes event handlers, inline styles and unsafe URLs', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()" style="color:red">x</p><a href="javascript:alert(1)">y</a><img src="data:image/svg+xml;base64,AAA" onerror="x()">',
    );
    expect(out).not.toMatch(/onclick|onerror|style=|javascript:|svg\+xml/);
    expect(out).toContain('<p>x</p>');
  });

  it('unwraps unknown tags but keeps their text, and opens links safely', () => {
    const out = sanitizeHtml('<custom-tag>text <a href="https://example.com">link</a></custom-tag>');
    expect(out).toBe('text <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">link</a>');
  });
});
