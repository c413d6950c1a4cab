import { sanitizePostHtml } from './html-sanitizer.js';

describe('sanitizePostHtml', () => {
  it('keeps the allowed structure intact', () => {
    const html = [
      '<h2>Heading</h2>',
      '<h3>Sub</h3>',
      '<p>Text with <strong>bold</strong>, <em>italic</em>, <b>b</b>, <i>i</i>, <u>u</u>, <s>s</s> and <code>code</code>.</p>',
      '<ul><li>one</li><li>two</li></ul>',
      '<ol start="3"><li>three</li></ol>',
      '<blockquote><p>Quote</p></blockquote>',
      '<pre><code class="language-ts">const x = 1;</code></pre>',
      '<table><thead><tr><th scope="col">Firm</th></tr></thead><tbody><tr><td colspan="2">FTMO</td></tr></tbody></table>',
      '<p><a href="https://ftmo.com" title="FTMO">FTMO</a> <a href="/blog/guides">guides</a> <a href="mailto:team@example.com">mail</a> <a href="#faq">faq</a></p>',
      '<img src="https://example.com/a.png" alt="chart">',
      '<img src="/media/abc123.webp" alt="ours">',
      '<hr>',
    ].join('');
    expect(sanitizePostHtml(html)).toBe(html.replace('<img src="https://example.com/a.png" alt="chart">', '<img src="https://example.com/a.png" alt="chart" />')
      .replace('<img src="/media/abc123.webp" alt="ours">', '<img src="/media/abc123.webp" alt="ours" />')
      .replace('<hr>', '<hr />'));
  });

  it('drops scripts and styles together with their content', () => {
    const out = sanitizePostHtml('<p>a</p><script>alert(1)</script><style>body{display:none}</style><p>b</p>');
    expect(out).toBe('<p>a</p><p>b</p>');
  });

  it('drops iframes, objects, embeds, forms and svg', () => {
    const out = sanitizePostHtml(
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x"><form action="/x"><input name="a"><button>Go</button></form><svg><script>alert(1)</script></svg><p>ok</p>',
    );
    expect(out).not.toMatch(/iframe|object|embed|form|input|svg|script|alert/i);
    expect(out).toContain('<p>ok</p>');
  });

  it('removes event handlers and style attributes', () => {
    const out = sanitizePostHtml('<p onclick="alert(1)" style="color:red" class="x" id="y">t</p><img src="https://x.example/a.png" onerror="alert(1)">');
    expect(out).toBe('<p>t</p><img src="https://x.example/a.png" />');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    '&#106;avascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  ])('removes a dangerous link href %j', (href) => {
    const out = sanitizePostHtml(`<a href="${href}">x</a>`);
    expect(out).toBe('<a>x</a>');
  });

  it('keeps links opening a new tab but adds rel="noopener noreferrer"', () => {
    expect(sanitizePostHtml('<a href="https://ftmo.com" target="_blank">FTMO</a>')).toBe(
      '<a href="https://ftmo.com" target="_blank" rel="noopener noreferrer">FTMO</a>',
    );
    expect(sanitizePostHtml('<a href="https://ftmo.com" target="_blank" rel="sponsored opener">FTMO</a>')).toBe(
      '<a href="https://ftmo.com" target="_blank" rel="sponsored noopener noreferrer">FTMO</a>',
    );
  });

  it('drops other targets and unknown rel tokens', () => {
    expect(sanitizePostHtml('<a href="/x" target="_parent" rel="opener">x</a>')).toBe('<a href="/x">x</a>');
  });

  it.each([
    '<img src="javascript:alert(1)">',
    '<img src="data:image/png;base64,AAAA">',
    '<img src="/etc/passwd">',
    '<img src="relative.png">',
    '<img src="//evil.example/a.png">',
    '<img>',
  ])('drops an image with an unsafe source: %s', (img) => {
    expect(sanitizePostHtml(`<p>a</p>${img}`)).toBe('<p>a</p>');
  });

  it('drops protocol-relative links', () => {
    expect(sanitizePostHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
  });

  it('keeps only language-* classes on code', () => {
    expect(sanitizePostHtml('<code class="language-js evil">x</code>')).toBe('<code class="language-js">x</code>');
  });

  it('escapes text that looks like markup and unwraps unknown tags', () => {
    expect(sanitizePostHtml('<custom-el>hi</custom-el> 1 < 2 & 3 > 2')).toBe('hi 1 &lt; 2 &amp; 3 &gt; 2');
  });

  it('closes unclosed tags and keeps comments out', () => {
    expect(sanitizePostHtml('<!-- secret --><p><strong>open')).toBe('<p><strong>open</strong></p>');
  });

  it('returns an empty string when nothing safe is left', () => {
    expect(sanitizePostHtml('<script>alert(1)</script>   ')).toBe('');
  });

  it('removes NUL characters', () => {
    expect(sanitizePostHtml('<p>a\u0000b</p>')).toBe('<p>ab</p>');
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitizePostHtml('<p><a href="https://x.example" target="_blank">x</a><img src="/media/a.webp" alt="a"></p>');
    expect(sanitizePostHtml(once)).toBe(once);
  });
});
